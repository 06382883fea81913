import type { Page } from '@playwright/test';
import type { TradeInspection } from '@soleswap/contracts/inspection';
import type { Trade } from '@soleswap/contracts/trades';
import { freshTrackingNumber } from '../server/test/fresh-tracking-number';
import {
  createSneaker,
  expect,
  loginAs,
  newMember,
  openTradesTab,
  pdfText,
  test,
  toastText,
  uniqueEmail,
  uniqueToken,
  type Member,
} from './fixtures';

/** Each member's address: its first line names them, so a slip or a page showing it says whose it is. */
const streetOf = (m: Member) => `7 ${m.user.username} Road`;

async function addAddress(m: Member) {
  const book = await m.page.request.post('/api/addresses', {
    data: { name: m.user.username, line1: streetOf(m), city: 'Austin', region: 'TX', postalCode: '78701', country: 'US' },
  });
  expect(book.ok(), await book.text()).toBe(true);
}

async function queueItem(page: Page, tab: string, pairId: number) {
  await page.getByRole('tab', { name: tab, exact: true }).click();
  const item = page.getByRole('listitem', { name: `Pair #${pairId}` });
  await expect(item).toBeVisible();
  return item;
}

test('a via-centre trade: both members choose where their pairs arrive, the slips name the centre, and the centre forwards each pair to the address chosen', async ({
  browser,
}) => {
  const token = uniqueToken();
  const alice = await newMember(browser, 'alice');
  const bob = await newMember(browser, 'bob');
  await addAddress(alice);
  await addAddress(bob);
  const alicePair = await createSneaker(alice.page, { name: `Alice Jordan ${token}` });
  const bobPair = await createSneaker(bob.page, { name: `Bob Jordan ${token}` });

  // Alice proposes via the centre: the form asks where the centre sends the pair she receives, and says who sees it.
  await alice.page.goto(`/trades/create?target=${bobPair.id}&owner=${bob.user.id}&offer=${alicePair.id}`);
  const proposal = alice.page.getByRole('form', { name: 'Trade proposal' });
  await expect(proposal.getByRole('button', { name: new RegExp(alicePair.name) })).toHaveAttribute('aria-pressed', 'true');
  await expect(proposal.getByLabel('The centre sends the pairs you receive to')).toBeHidden();
  await proposal.getByRole('checkbox', { name: 'Send both pairs through the SoleSwap authentication centre' }).check();
  await expect(proposal.getByLabel('The centre sends the pairs you receive to')).toHaveText(new RegExp(streetOf(alice)));
  await expect(proposal).toContainText('Only the authentication centre sees this address');
  await proposal.getByRole('button', { name: 'Send Trade Proposal' }).click();
  await expect(alice.page).toHaveURL(/\/trades$/);
  const trade = ((await (await alice.page.request.get('/api/trades')).json()) as Trade[]).find((t) => t.proposerSneakerIds.includes(alicePair.id));
  expect(trade).toMatchObject({ viaAuthentication: true });
  const tradeId = trade!.id;

  // Bob accepts in the dialog, which says only the centre sees his address.
  const pending = await openTradesTab(bob.page, 'Pending', tradeId);
  await pending.getByRole('button', { name: 'Accept' }).click();
  const dialog = bob.page.getByRole('dialog', { name: 'Accept this trade' });
  await expect(dialog.getByLabel('The centre sends the pairs you receive to')).toHaveText(new RegExp(streetOf(bob)));
  await expect(dialog).toContainText('The other member never sees it.');
  await expect(dialog).not.toContainText('Only this address is shown to them');
  await dialog.getByRole('button', { name: 'Accept trade' }).click();
  await expect(dialog).toBeHidden();

  const { pairs } = (await (await alice.page.request.get(`/api/trades/${tradeId}/inspection`)).json()) as TradeInspection;
  const aliceId = pairs.find((p) => p.side === 'proposer')!.id;
  const bobId = pairs.find((p) => p.side === 'receiver')!.id;

  // Before Alice ships, her pair is not on its way anywhere; her slip goes to the centre, never to Bob.
  const card = await openTradesTab(alice.page, 'Accepted', tradeId);
  const journey = card.getByLabel('Your pair’s journey');
  await expect(journey).toContainText('Trade accepted: its owner ships it to the centre');
  await expect(journey).not.toContainText('On its way to the centre');
  const alicesSlip = await pdfText(
    alice.page.request,
    (await card.getByRole('link', { name: `Packing slip for trade #${tradeId} (PDF, opens in a new tab)` }).getAttribute('href'))!,
  );
  expect(alicesSlip).toContain(`Trade #${tradeId}, pair #${aliceId}`);
  expect(alicesSlip).toContain('SoleSwap Authentication Centre');
  expect(alicesSlip).toContain('1 Warehouse Way');
  expect(alicesSlip).toContain(`Alice Jordan ${token}`);
  expect(alicesSlip).not.toContain(bob.user.username);
  expect(alicesSlip).not.toContain(streetOf(bob));

  for (const [member, carrier] of [
    [alice, 'ups'],
    [bob, 'usps'],
  ] as const) {
    const shipped = await member.page.request.post(`/api/trades/${tradeId}/ship`, { data: { trackingNumber: freshTrackingNumber(carrier) } });
    expect(shipped.ok(), await shipped.text()).toBe(true);
  }
  await expect((await openTradesTab(alice.page, 'Accepted', tradeId)).getByLabel('Your pair’s journey')).toContainText('On its way to the centre');

  // The inspector records both arrivals and passes both pairs.
  const inspectorContext = await browser.newContext();
  const inspector = await inspectorContext.newPage();
  await loginAs(inspector, { email: uniqueEmail('inspector'), username: `inspector${token}`, role: 'inspector' });
  await inspector.goto('/inspection');
  for (const pairId of [aliceId, bobId]) {
    const item = await queueItem(inspector, 'Awaiting arrival', pairId);
    await item.getByRole('button', { name: 'Record arrival' }).click();
    await expect(toastText(inspector, `Pair #${pairId}: record arrival recorded`)).toBeVisible();
  }
  for (const pairId of [aliceId, bobId]) {
    const item = await queueItem(inspector, 'Received', pairId);
    await item.getByLabel('Inspection notes').fill('Size tag, stitching and box label match the listing.');
    await item.getByRole('button', { name: `Pass pair #${pairId}` }).click();
    await expect(toastText(inspector, `Pair #${pairId}: pass recorded`)).toBeVisible();
  }

  // Each pair goes on to the member who receives it, at the address that member chose, with a slip of its own.
  for (const [pairId, to, from] of [
    [aliceId, bob, alice],
    [bobId, alice, bob],
  ] as const) {
    const item = await queueItem(inspector, 'Passed', pairId);
    await expect(item.getByLabel('Destination')).toContainText(`Goes on to ${to.user.username}, its new owner, once both pairs passed.`);
    await item.getByRole('button', { name: 'Show the address' }).click();
    await expect(item).toContainText('Send it on to its new owner');
    await expect(item.locator('address')).toContainText(streetOf(to));
    const slip = await pdfText(
      inspector.request,
      (await item.getByRole('link', { name: `Packing slip for pair #${pairId} (PDF, opens in a new tab)` }).getAttribute('href'))!,
    );
    expect(slip).toContain(`Trade #${tradeId}, pair #${pairId}`);
    expect(slip).toContain('SoleSwap authentication centre');
    expect(slip).toContain(to.user.username);
    expect(slip).toContain(streetOf(to));
    expect(slip).not.toContain(streetOf(from));
    await item.getByLabel('New tracking number').fill(freshTrackingNumber('fedex'));
    await item.getByRole('button', { name: 'Forward' }).click();
    await expect(toastText(inspector, `Pair #${pairId}: forward recorded`)).toBeVisible();
  }

  // Both forwarded: the trade completed, and Alice's pair was sent on to Bob.
  const done = await openTradesTab(alice.page, 'Completed', tradeId);
  await expect(done.getByLabel('Your pair’s journey')).toContainText('Sent on to its new owner');
  const forwarded = (await (await alice.page.request.get(`/api/trades/${tradeId}/inspection`)).json()) as TradeInspection;
  expect(forwarded.pairs.map((p) => [p.status, p.forwardedTo])).toEqual([
    ['forwarded', 'recipient'],
    ['forwarded', 'recipient'],
  ]);
  await inspectorContext.close();
  await alice.context.close();
  await bob.context.close();
});
