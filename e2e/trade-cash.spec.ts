import type { Page } from '@playwright/test';
import type { Trade } from '@soleswap/contracts/trades';
import { chooseShipToThroughApi, confirmReceipt, createSneaker, openTradesTab, expect, newMember, test, toastText, uniqueToken } from './fixtures';

async function shipMySide(page: Page, tradeId: number, trackingNumber: string) {
  const card = await openTradesTab(page, 'Accepted', tradeId);
  await card.getByRole('button', { name: 'Use my own carrier' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark your side shipped' });
  await dialog.getByLabel('Tracking number').fill(trackingNumber);
  await dialog.getByRole('button', { name: 'Confirm shipment' }).click();
  await expect(dialog).toBeHidden();
}

async function markReceived(page: Page, tradeId: number, toast: string) {
  const card = await openTradesTab(page, 'Accepted', tradeId);
  await confirmReceipt(page, card);
  await expect(toastText(page, toast)).toBeVisible();
}

test('cash in a trade: asked in the proposal with the fair-value meter, paid by card at acceptance, credited to the wallet at completion', async ({
  browser,
}) => {
  const token = uniqueToken();
  const alice = await newMember(browser, 'alice');
  const bob = await newMember(browser, 'bob');
  // Owner's estimates only (no release linked): Alice's pair is worth $40 more than Bob's.
  const alicePair = await createSneaker(alice.page, { name: `Alice Dunk ${token}`, estimatedValue: '240' });
  const bobPair = await createSneaker(bob.page, { name: `Bob Max ${token}`, estimatedValue: '200' });

  // Alice opens a proposal for Bob's pair, offers hers, and the meter shows the gap.
  await alice.page.goto(`/trades/create?target=${bobPair.id}&owner=${bob.user.id}`);
  const proposal = alice.page.getByRole('form', { name: 'Trade proposal' });
  await proposal.getByRole('button', { name: new RegExp(alicePair.name) }).click();
  const meter = proposal.getByRole('region', { name: 'Fair value' });
  await expect(meter).toContainText("Pairs $240 (owner's estimate)");
  await expect(meter).toContainText("Pairs $200 (owner's estimate)");
  await expect(meter).toContainText(`${bob.user.username} comes out $40 ahead. The pairs are even with ${bob.user.username} adding $40 cash.`);

  // She asks Bob for the $40, with the keyboard-reachable radio and a whole-dollar amount.
  await proposal.getByRole('radio', { name: `I ask ${bob.user.username} to add cash` }).check();
  const amount = proposal.getByLabel('Amount in whole dollars');
  await amount.fill('40.50');
  await proposal.getByRole('button', { name: 'Send Trade Proposal' }).click();
  await expect(proposal.getByText('Cash is added in whole dollars, like 25 (no cents)')).toBeVisible();
  await amount.fill('40');
  await expect(meter).toContainText('The sides are even.');
  await proposal.getByRole('button', { name: 'Send Trade Proposal' }).click();
  await expect(alice.page).toHaveURL(/\/trades$/);

  const trades = (await (await alice.page.request.get('/api/trades')).json()) as Trade[];
  const trade = trades.find((t) => t.proposerSneakerIds.includes(alicePair.id));
  expect(trade).toMatchObject({
    proposerCashCents: 0,
    receiverCashCents: 4000,
    cash: { payerId: bob.user.id, payeeId: alice.user.id, amountCents: 4000 },
  });
  const tradeId = trade!.id;

  // Bob accepts: the dialog shows the same meter and asks for his card. A declined card is said
  // plainly and locks nothing; a good test card goes through.
  const bobCard = await openTradesTab(bob.page, 'Pending', tradeId);
  await bobCard.getByRole('button', { name: 'Accept' }).click();
  const dialog = bob.page.getByRole('dialog', { name: 'Accept this trade' });
  await expect(dialog).toContainText(`You add $40 cash to ${alice.user.username}'s side.`);
  await expect(dialog.getByRole('region', { name: 'Fair value' })).toContainText('The sides are even.');
  await dialog.getByLabel('Card number').fill('4000 0000 0000 0002');
  await dialog.getByLabel('Expiry (MM/YY)').fill('12/40');
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByRole('button', { name: 'Accept trade' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Your card was declined. Nothing was locked: the trade is still pending. You can try another card.',
  );
  expect(((await (await bob.page.request.get(`/api/trades/${tradeId}`)).json()) as Trade).status).toBe('pending');

  await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
  await dialog.getByRole('button', { name: 'Accept trade' }).click();
  await expect(toastText(bob.page, 'The trade has been accepted and moved to escrow')).toBeVisible();

  // Each chooses where their parcel goes; both ship and receive: the trade completes and the cash is captured.
  await chooseShipToThroughApi(alice, tradeId, `1 Tide Lane ${token}`);
  await chooseShipToThroughApi(bob, tradeId, `2 Flare Road ${token}`);
  await shipMySide(bob.page, tradeId, '1Z5R 8939 0357 5671 27');
  await shipMySide(alice.page, tradeId, '986578788855');
  await markReceived(alice.page, tradeId, 'Marked as Received');
  await markReceived(bob.page, tradeId, 'Trade Completed');

  // Alice opens her wallet from the account menu: the $40 is there, from this trade. The credit
  // follows the completion's commit, so the page is opened again until it shows.
  await alice.page.getByRole('button', { name: 'Account menu' }).click();
  await alice.page.getByRole('menuitem', { name: 'Wallet' }).click();
  await expect(alice.page).toHaveURL(/\/wallet$/);
  await expect(async () => {
    await alice.page.goto('/wallet');
    await expect(alice.page.getByRole('region', { name: 'Balance' })).toContainText('$40.00', { timeout: 2_000 });
  }).toPass();
  const activity = alice.page.getByRole('list', { name: 'Wallet activity' });
  await expect(activity.getByRole('listitem')).toHaveCount(1);
  await expect(activity.getByRole('listitem')).toContainText(`Cash from a completed trade`);
  await expect(activity.getByRole('listitem')).toContainText(`Trade #${tradeId}`);
  await expect(activity.getByRole('listitem')).toContainText('+$40.00');

  // Bob paid by card: his balance is untouched, and his wallet lists the charge on his card (issue #42).
  await bob.page.goto('/wallet');
  await expect(bob.page.getByRole('region', { name: 'Balance' })).toContainText('$0.00');
  await expect(bob.page.getByText('Your balance has not moved yet')).toBeVisible();
  await expect(bob.page.getByRole('list', { name: 'Holds on your card' })).toContainText(`Cash for trade #${tradeId}`);
  await expect(bob.page.getByRole('list', { name: 'Holds on your card' })).toContainText(`Charged, paid to ${alice.user.username}`);

  // On a phone, the wallet and the proposal's cash fields with the meter fit the screen.
  const phoneWidth = 390;
  await alice.page.setViewportSize({ width: phoneWidth, height: 844 });
  const scrollWidth = () => alice.page.evaluate(() => document.documentElement.scrollWidth);
  await alice.page.goto('/wallet');
  await expect(alice.page.getByRole('list', { name: 'Wallet activity' })).toBeVisible();
  expect(await scrollWidth()).toBeLessThanOrEqual(phoneWidth);
  await alice.page.goto(`/trades/create?target=${alicePair.id}&owner=${bob.user.id}&offer=${bobPair.id}`);
  const again = alice.page.getByRole('form', { name: 'Trade proposal' });
  await again.getByRole('radio', { name: 'I add cash' }).check();
  await expect(again.getByLabel('Card number')).toBeVisible();
  await expect(again.getByRole('region', { name: 'Fair value' })).toBeVisible();
  expect(await scrollWidth()).toBeLessThanOrEqual(phoneWidth);

  await Promise.all([alice.context.close(), bob.context.close()]);
});
