import type { Page } from '@playwright/test';
import type { TradeInspection } from '@soleswap/contracts/inspection';
import type { Trade } from '@soleswap/contracts/trades';
import { chooseShipToThroughApi, createSneaker, expect, loginAs, newMember, test, toastText, uniqueEmail, uniqueToken } from './fixtures';

/** Valid tracking numbers (check digits included), as the server requires. */
const UPS = '1Z5R89390357567127';
const USPS = '9400111202555842332669';
/**
 * The centre's two parcels, each with its own number: a number is on one parcel that has not
 * arrived at a time, and nobody confirms these arrive (other specs ship the library's FedEx number).
 */
const FORWARDS = ['980000000035', '980000000046'];

async function queueItem(page: Page, tab: string, pairId: number) {
  await page.getByRole('tab', { name: tab, exact: true }).click();
  const item = page.getByRole('listitem', { name: `Pair #${pairId}` });
  await expect(item).toBeVisible();
  return item;
}

test('an inspector works the queue and a member follows their pair’s journey on the trade page', async ({ browser }) => {
  const token = uniqueToken();
  const alice = await newMember(browser, 'alice');
  const bob = await newMember(browser, 'bob');
  const alicePair = await createSneaker(alice.page, { name: `Alice Dunk ${token}` });
  const bobPair = await createSneaker(bob.page, { name: `Bob Dunk ${token}` });

  // Alice proposes in the proposal form, ticking "via authentication" (with where her pair arrives, her
  // book's address preselected); Bob chooses his and accepts, and both ship (through the API).
  const book = await alice.page.request.post('/api/addresses', {
    data: { name: alice.user.username, line1: '1 Alice Way', city: 'Austin', region: 'TX', postalCode: '78701', country: 'US' },
  });
  expect(book.ok(), await book.text()).toBe(true);
  await alice.page.goto(`/trades/create?target=${bobPair.id}&owner=${bob.user.id}&offer=${alicePair.id}`);
  const proposal = alice.page.getByRole('form', { name: 'Trade proposal' });
  await expect(proposal.getByRole('button', { name: new RegExp(alicePair.name) })).toHaveAttribute('aria-pressed', 'true');
  const viaCentre = proposal.getByRole('checkbox', { name: 'Send both pairs through the SoleSwap authentication centre' });
  await expect(viaCentre).not.toBeChecked();
  await viaCentre.check();
  await proposal.getByRole('button', { name: 'Send Trade Proposal' }).click();
  await expect(alice.page).toHaveURL(/\/trades$/);
  const trade = ((await (await alice.page.request.get('/api/trades')).json()) as Trade[]).find((t) => t.proposerSneakerIds.includes(alicePair.id));
  expect(trade, 'the proposal reached the server').toMatchObject({ viaAuthentication: true });
  const tradeId = trade!.id;
  await chooseShipToThroughApi(bob, tradeId, '2 Bob Way');
  expect((await bob.page.request.post(`/api/trades/${tradeId}/accept`, { data: {} })).ok()).toBeTruthy();
  expect((await alice.page.request.post(`/api/trades/${tradeId}/ship`, { data: { trackingNumber: UPS } })).ok()).toBeTruthy();
  expect((await bob.page.request.post(`/api/trades/${tradeId}/ship`, { data: { trackingNumber: USPS } })).ok()).toBeTruthy();
  const { pairs } = (await (await alice.page.request.get(`/api/trades/${tradeId}/inspection`)).json()) as TradeInspection;
  const aliceId = pairs.find((p) => p.side === 'proposer')!.id;
  const bobId = pairs.find((p) => p.side === 'receiver')!.id;

  // A member is no inspector: the page says so.
  await alice.page.goto('/inspection');
  await expect(alice.page.getByRole('heading', { name: 'Inspectors only' })).toBeVisible();

  // Alice's trade card sends her to the centre, not to Bob.
  await alice.page.goto('/trades');
  await alice.page.getByRole('tab', { name: /^Accepted \(/ }).click();
  const card = alice.page.getByRole('article', { name: `Trade #${tradeId}` });
  const centre = card.getByRole('region', { name: 'Authentication centre' });
  await expect(centre).toContainText('1 Warehouse Way');
  await expect(centre).toContainText('Your pair: Awaiting arrival');

  // The inspector records both arrivals, compares Alice's pair with its listing and passes both.
  const inspectorContext = await browser.newContext();
  const inspector = await inspectorContext.newPage();
  await loginAs(inspector, { email: uniqueEmail('inspector'), username: `inspector${token}`, role: 'inspector' });
  await inspector.goto('/inspection');
  for (const pairId of [aliceId, bobId]) {
    const item = await queueItem(inspector, 'Awaiting arrival', pairId);
    await expect(item).toContainText(`Inbound`);
    await item.getByRole('button', { name: 'Record arrival' }).click();
    await expect(toastText(inspector, `Pair #${pairId}: record arrival recorded`)).toBeVisible();
  }
  for (const pairId of [aliceId, bobId]) {
    const item = await queueItem(inspector, 'Received', pairId);
    if (pairId === aliceId) await expect(item.getByRole('region', { name: `Listing: Alice Dunk ${token}` })).toBeVisible();
    await item.getByLabel('Inspection notes').fill('Size tag, stitching and box label match the listing.');
    await item.getByRole('button', { name: `Pass pair #${pairId}` }).click();
    await expect(toastText(inspector, `Pair #${pairId}: pass recorded`)).toBeVisible();
  }
  for (const [i, pairId] of [aliceId, bobId].entries()) {
    const item = await queueItem(inspector, 'Passed', pairId);
    await item.getByRole('button', { name: 'Show the address' }).click();
    await expect(item).toContainText('Send it on to its new owner');
    await item.getByLabel('New tracking number').fill(FORWARDS[i]!);
    await item.getByRole('button', { name: 'Forward' }).click();
    await expect(toastText(inspector, `Pair #${pairId}: forward recorded`)).toBeVisible();
  }

  // Alice follows her pair's journey: the trade completed once both pairs were forwarded.
  await alice.page.goto('/trades');
  await alice.page.getByRole('tab', { name: /^Completed \(/ }).click();
  const done = alice.page.getByRole('article', { name: `Trade #${tradeId}` }).getByRole('region', { name: 'Authentication centre' });
  const journey = done.getByLabel('Your pair’s journey');
  await expect(journey).toContainText('Arrived at the centre');
  await expect(journey).toContainText('Passed inspection');
  await expect(journey).toContainText('Sent on to its new owner');
  await expect(journey).toContainText('Inspector’s notes: Size tag, stitching and box label match the listing.');
  await inspectorContext.close();
});
