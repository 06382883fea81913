import type { Page } from '@playwright/test';
import type { Trade } from '@soleswap/contracts/trades';
import { chooseShipToThroughApi, confirmReceipt, createSneaker, openTradesTab, expect, newMember, test, toastText, uniqueToken } from './fixtures';
import { scaledTimeout } from '../scripts/test-timeouts.mjs';

/** The trades page on one tab, as a member opens it (each member's page refreshes only when they come back). */
/** Valid numbers from the tracking library's test data. */
const UPS = { typed: '1Z5R 8939 0357 5671 27', number: '1Z5R89390357567127' };
const FEDEX = { typed: '986578788855', number: '986578788855' };

/** Ships with a tracking number of my own carrier (beside the label panel's "Buy label"): the dialog names the carrier as it is typed. */
async function shipMySide(page: Page, tradeId: number, shipment: { typed: string }, carrier: string) {
  const card = await openTradesTab(page, 'Accepted', tradeId);
  await card.getByRole('button', { name: 'Use my own carrier' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark your side shipped' });
  await dialog.getByLabel('Tracking number').fill(shipment.typed);
  await expect(dialog.getByTestId('tracking-carrier')).toHaveText(`${carrier} tracking number`);
  await dialog.getByRole('button', { name: 'Confirm shipment' }).click();
  await expect(dialog).toBeHidden();
  // Shipped once: the button is gone for this side.
  await expect(card.getByRole('button', { name: 'Use my own carrier' })).toHaveCount(0);
}

async function rateFiveStars(page: Page, tradeId: number, partnerName: string) {
  const card = await openTradesTab(page, 'Completed', tradeId);
  await expect(card.getByText('Status: Completed')).toBeVisible();
  await card.getByRole('button', { name: 'Rate' }).click();
  const dialog = page.getByRole('dialog', { name: `Rate ${partnerName}` });
  await dialog.getByRole('button', { name: '5 stars' }).click();
  await dialog.getByRole('button', { name: 'Submit rating' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText(`You rated ${partnerName} 5/5`)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Rate' })).toHaveCount(0);
}

test('two members trade end to end: propose, accept into escrow, ship, receive, rate, and the pairs change lockers', async ({ browser }) => {
  // Three members, two lockers and two shipments with their dialogs: on a busy machine the walk reached
  // its last step (the rating) at the default 60 s.
  test.setTimeout(scaledTimeout(150_000));
  const token = uniqueToken();
  const alice = await newMember(browser, 'alice');
  const bob = await newMember(browser, 'bob');
  const stranger = await newMember(browser, 'stranger');
  const alicePair = await createSneaker(alice.page, { name: `Alice Dunk ${token}`, colorway: `Tide${token}`, model: 'Dunk Low' });
  const bobPair = await createSneaker(bob.page, {
    name: `Bob Jordan 4 ${token}`,
    colorway: `Flare${token}`,
    brand: 'Jordan',
    model: 'Jordan 4',
  });

  // Alice finds Bob's pair on browse and starts a proposal from its card.
  await alice.page.goto(`/browse?q=Flare${token}`);
  await alice.page.getByRole('article', { name: bobPair.name }).getByRole('button', { name: 'Trade', exact: true }).click();
  await expect(alice.page).toHaveURL(new RegExp(`/trades/create\\?target=${bobPair.id}&owner=${bob.user.id}`));
  const proposal = alice.page.getByRole('form', { name: 'Trade proposal' });
  const theirs = proposal.getByRole('button', { name: new RegExp(bobPair.name) });
  const mine = proposal.getByRole('button', { name: new RegExp(alicePair.name) });
  await expect(theirs).toHaveAttribute('aria-pressed', 'true');
  await expect(mine).toHaveAttribute('aria-pressed', 'false');
  await expect(proposal.getByRole('button', { name: 'Send Trade Proposal' })).toBeDisabled();
  await mine.click();
  await expect(mine).toHaveAttribute('aria-pressed', 'true');
  await proposal.getByLabel('Message (optional)').fill('Straight swap?');
  await proposal.getByRole('button', { name: 'Send Trade Proposal' }).click();
  await expect(alice.page).toHaveURL(/\/trades$/);
  await expect(toastText(alice.page, 'Your trade proposal has been sent successfully!')).toBeVisible();

  const trades = (await (await alice.page.request.get('/api/trades')).json()) as Trade[];
  const trade = trades.find((t) => t.proposerSneakerIds.includes(alicePair.id));
  expect(trade, 'the proposal reached the server').toBeDefined();
  const tradeId = trade!.id;
  const aliceCard = alice.page.getByRole('article', { name: `Trade #${tradeId}` });
  await expect(aliceCard.getByText('Status: Pending')).toBeVisible();
  await expect(aliceCard.getByRole('button', { name: 'Accept' })).toHaveCount(0);

  // A third member cannot even see that the trade exists.
  expect((await stranger.page.request.get(`/api/trades/${tradeId}`)).status()).toBe(404);

  // Bob sees it pending, with Alice's message, and accepts: both pairs go into escrow.
  let bobCard = await openTradesTab(bob.page, 'Pending', tradeId);
  await expect(bobCard.getByText('Status: Pending')).toBeVisible();
  await expect(bobCard).toContainText('Straight swap?');
  await bobCard.getByRole('button', { name: 'Accept' }).click();
  // The Accept dialog lists what Bob receives before he confirms.
  const acceptDialog = bob.page.getByRole('dialog', { name: 'Accept this trade' });
  await expect(acceptDialog.getByRole('list', { name: 'You receive' })).toContainText(alicePair.name);
  await acceptDialog.getByRole('button', { name: 'Accept trade' }).click();
  await expect(toastText(bob.page, 'The trade has been accepted and moved to escrow')).toBeVisible();
  bobCard = await openTradesTab(bob.page, 'Accepted', tradeId);
  const escrow = bobCard.getByRole('region', { name: 'Escrow' });
  await expect(escrow).toContainText('Escrow: Locked in escrow');
  const accepted = (await (await bob.page.request.get(`/api/trades/${tradeId}`)).json()) as Trade;
  const lockHash = accepted.blockchainTxHash;
  expect(lockHash).toMatch(/^[0-9a-f]{64}$/);
  await expect(escrow.locator('code')).toHaveAttribute('title', lockHash!);

  // "View on Blockchain" opens the ledger entry, which re-verifies the chain.
  await escrow.getByRole('link', { name: 'View on Blockchain' }).click();
  await expect(bob.page).toHaveURL(`/ledger/${lockHash}`);
  await expect(bob.page.getByText(/^Chain verified: \d+ entr(y|ies) checked$/)).toBeVisible();
  await expect(bob.page.getByText(lockHash!, { exact: true })).toBeVisible();
  await expect(bob.page.getByText('Escrow locked (lock)')).toBeVisible();
  // The chain around it lists this trade's lock event.
  const chainItem = bob.page
    .getByRole('listitem')
    .filter({ hasText: 'Escrow locked' })
    .filter({ hasText: `trade #${tradeId}` });
  await expect(chainItem).toBeVisible();

  // Neither can ship before the other has chosen where the parcel goes: the button says so.
  bobCard = await openTradesTab(bob.page, 'Accepted', tradeId);
  await expect(bobCard.getByText(/You can ship once .+ has chosen a ship-to address for this trade\./)).toBeVisible();
  await expect(bobCard.getByRole('button', { name: 'Use my own carrier' })).toBeDisabled();
  // Each chooses a ship-to from their address book.
  await chooseShipToThroughApi(alice, tradeId, `1 Tide Lane ${token}`);
  await chooseShipToThroughApi(bob, tradeId, `2 Flare Road ${token}`);

  // Both ship with tracking numbers; each sees the other's parcel with its carrier and tracking link.
  await shipMySide(bob.page, tradeId, UPS, 'UPS');
  await shipMySide(alice.page, tradeId, FEDEX, 'FedEx');
  const aliceTrade = alice.page.getByRole('article', { name: `Trade #${tradeId}` });
  await expect(aliceTrade.getByRole('link', { name: `Track the parcel on UPS: ${UPS.number} (opens in a new tab)` })).toHaveAttribute(
    'href',
    `https://wwwapps.ups.com/WebTracking/track?track=yes&trackNums=${UPS.number}`,
  );

  const aliceAccepted = await openTradesTab(alice.page, 'Accepted', tradeId);
  await confirmReceipt(alice.page, aliceAccepted);
  await expect(toastText(alice.page, 'Marked as Received')).toBeVisible();
  await expect(aliceAccepted.getByRole('button', { name: 'Mark received' })).toHaveCount(0);

  const bobAccepted = await openTradesTab(bob.page, 'Accepted', tradeId);
  await confirmReceipt(bob.page, bobAccepted);
  await expect(toastText(bob.page, 'Trade Completed')).toBeVisible();

  // Completed: each rates the other five stars.
  await rateFiveStars(bob.page, tradeId, alice.user.username);
  await rateFiveStars(alice.page, tradeId, bob.user.username);

  // Ownership moved: each locker holds the other's pair and no longer its own.
  for (const [member, gained, gave] of [
    [alice, bobPair, alicePair],
    [bob, alicePair, bobPair],
  ] as const) {
    await member.page.goto('/locker');
    await expect(member.page.getByRole('article', { name: gained.name })).toBeVisible();
    await expect(member.page.getByRole('article', { name: gave.name })).toHaveCount(0);
  }

  // Bob's profile, seen by Alice: rated 5.0 with one trade, holding her old pair.
  await alice.page.goto(`/profile/${bob.user.id}`);
  await expect(alice.page.getByRole('heading', { name: bob.user.username })).toBeVisible();
  const bobStats = alice.page.getByRole('list', { name: `${bob.user.username}'s stats` });
  await expect(bobStats.getByRole('listitem').filter({ hasText: 'Rating' })).toHaveText(/^5\.0\s*Rating$/);
  await expect(bobStats.getByRole('listitem').filter({ hasText: 'Trades' })).toHaveText(/^1\s*Trades$/);
  await expect(alice.page.getByRole('article', { name: alicePair.name })).toBeVisible();

  // The ledger still verifies after the whole lifecycle.
  const verification = await (await stranger.page.request.get('/api/ledger/verify')).json();
  expect(verification).toMatchObject({ valid: true });

  await Promise.all([alice.context.close(), bob.context.close(), stranger.context.close()]);
});
