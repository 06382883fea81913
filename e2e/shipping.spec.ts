import type { Locator, Page } from '@playwright/test';
import type { TradeShipping } from '@soleswap/contracts/shipping';
import type { Trade } from '@soleswap/contracts/trades';
import { scaledTimeout } from '../scripts/test-timeouts.mjs';
import {
  chooseShipToThroughApi,
  createSneaker,
  expect,
  newMember,
  openTradesTab,
  pdfText,
  test,
  toastText,
  uniqueToken,
  type Member,
} from './fixtures';

/**
 * e2e/serve.mjs sets AUTO_RECEIVE_AFTER_DELIVERY_DAYS=0.001: a receive window closes 86 s after the
 * carrier's delivery, and the deadline sweep (every minute) then confirms the receipt.
 */
const RECEIVE_WINDOW_CLOSES_WITHIN_MS = 86_400 + 60_000 + 30_000;

/** My side's label panel on the trade's card, as the member opens the Accepted tab. */
async function myParcel(page: Page, tradeId: number): Promise<{ card: Locator; parcel: Locator }> {
  const card = await openTradesTab(page, 'Accepted', tradeId);
  const parcel = card.getByRole('region', { name: 'Shipping label' }).getByRole('region', { name: 'Your parcel' });
  await expect(parcel).toBeVisible();
  return { card, parcel };
}

/** Buys my label in the box named, through the panel: nothing is typed; the tracking number is shown. */
async function buyLabel(member: Member, tradeId: number, box: RegExp): Promise<string> {
  const { parcel } = await myParcel(member.page, tradeId);
  const form = parcel.getByRole('form', { name: 'Buy a shipping label' });
  await expect(form).toContainText('The platform pays for your label.');
  await form.getByRole('radio', { name: box }).check();
  await form.getByRole('button', { name: 'Buy label' }).click();
  await expect(toastText(member.page, 'Label Bought')).toBeVisible();
  await expect(parcel.getByRole('link', { name: 'Print label and packing slip (PDF, opens in a new tab)' })).toBeVisible();
  await expect(parcel.getByRole('textbox')).toHaveCount(0);
  // Bought is not shipped: the leg waits for the carrier's first scan.
  await expect(parcel).toContainText('Label created: not shipped until the carrier scans the parcel.');
  return (await parcel.getByTestId('label-tracking-number').textContent())!.trim();
}

/** Moves my parcel through the sandbox carrier's test control, on my own trade page. */
async function moveMyParcel(member: Member, tradeId: number, status: 'In transit' | 'Delivered'): Promise<Locator> {
  const { parcel } = await myParcel(member.page, tradeId);
  const control = parcel.getByRole('group', { name: 'Sandbox carrier' });
  await expect(control).toContainText('Test control');
  await control.getByRole('button', { name: status, exact: true }).click();
  return parcel;
}

async function tradeOf(member: Member, tradeId: number): Promise<Trade> {
  return (await (await member.page.request.get(`/api/trades/${tradeId}`)).json()) as Trade;
}

test('a trade ships on labels and the carrier’s word: both buy labels, print label and slip, the sandbox carrier delivers, and the receive window opens and closes by itself', async ({
  browser,
}) => {
  test.setTimeout(scaledTimeout(60_000) + RECEIVE_WINDOW_CLOSES_WITHIN_MS);
  const token = uniqueToken();
  const alice = await newMember(browser, 'alice');
  const bob = await newMember(browser, 'bob');
  const alicePair = await createSneaker(alice.page, { name: `Alice Dunk ${token}` });
  const bobPair = await createSneaker(bob.page, { name: `Bob Jordan ${token}` });

  // Alice proposes (state, through the API); Bob reads who pays for labels before accepting.
  const proposed = await alice.page.request.post('/api/trades', {
    data: { receiverId: bob.user.id, proposerSneakerIds: [alicePair.id], receiverSneakerIds: [bobPair.id] },
  });
  expect(proposed.status(), await proposed.text()).toBe(201);
  const tradeId = ((await proposed.json()) as Trade).id;
  const pending = await openTradesTab(bob.page, 'Pending', tradeId);
  await pending.getByRole('button', { name: 'Accept' }).click();
  const dialog = bob.page.getByRole('dialog', { name: 'Accept this trade' });
  await expect(dialog).toContainText('Shipping labels: the platform pays for both labels.');
  await dialog.getByRole('button', { name: 'Accept trade' }).click();
  await expect(dialog).toBeHidden();

  // Until Bob has chosen where Alice's parcel goes, her label cannot be bought.
  await expect((await myParcel(alice.page, tradeId)).parcel).toContainText(
    `You can buy a label once ${bob.user.username} has chosen a ship-to address for this trade.`,
  );
  await chooseShipToThroughApi(alice, tradeId, `1 Tide Lane ${token}`);
  await chooseShipToThroughApi(bob, tradeId, `2 Flare Road ${token}`);

  // Each buys their label; the tracking number fills the leg, and nobody has shipped yet.
  const aliceNumber = await buyLabel(alice, tradeId, /One pair in its box/);
  const bobNumber = await buyLabel(bob, tradeId, /One pair without its box/);
  expect(aliceNumber).not.toBe(bobNumber);
  const bought = await tradeOf(alice, tradeId);
  expect([bought.proposerShippedAt, bought.receiverShippedAt]).toEqual([null, null]);

  // The one PDF: the label with its tracking number, then the packing slip listing the pair.
  const { parcel: alicesParcel } = await myParcel(alice.page, tradeId);
  const pdf = await pdfText(
    alice.page.request,
    (await alicesParcel.getByRole('link', { name: 'Print label and packing slip (PDF, opens in a new tab)' }).getAttribute('href'))!,
  );
  expect(pdf.replace(/\s/g, '')).toContain(aliceNumber);
  expect(pdf).toContain('SoleSwap packing slip');
  expect(pdf).toContain(`Trade #${tradeId}`);
  expect(pdf).toContain(`Alice Dunk ${token}`);
  expect(pdf).toContain(`2 Flare Road ${token}`);

  // The carrier's first scan ships each side; the other member sees it on the timeline.
  for (const member of [alice, bob]) {
    const parcel = await moveMyParcel(member, tradeId, 'In transit');
    await expect(parcel).toContainText('(the carrier’s first scan)');
  }
  const shipped = await tradeOf(bob, tradeId);
  expect(shipped.proposerShippedAt).not.toBeNull();
  expect(shipped.receiverShippedAt).not.toBeNull();

  // Delivered: each receive window opens, said on both sides of each parcel.
  for (const [member, other] of [
    [alice, bob],
    [bob, alice],
  ] as const) {
    const parcel = await moveMyParcel(member, tradeId, 'Delivered');
    await expect(parcel).toContainText(
      new RegExp(`Delivered .* — ${other.user.username} confirms receipt by .*, after that it is received automatically\\.`),
    );
  }
  const { card: aliceCard } = await myParcel(alice.page, tradeId);
  const incoming = aliceCard.getByRole('region', { name: `${bob.user.username}’s parcel` });
  await expect(incoming).toContainText(/Delivered .* — confirm receipt by .*, after that it is received automatically\./);
  await expect(aliceCard.getByRole('button', { name: 'Mark received' })).toBeVisible();
  const shipping = (await (await alice.page.request.get(`/api/trades/${tradeId}/shipping`)).json()) as TradeShipping;
  expect(shipping.legs.map((leg) => leg.label?.status)).toEqual(['delivered', 'delivered']);

  // Nobody clicks: the windows close and the trade completes on its own.
  await expect
    .poll(async () => (await tradeOf(alice, tradeId)).status, { timeout: RECEIVE_WINDOW_CLOSES_WITHIN_MS, intervals: [5_000] })
    .toBe('completed');
  const done = await openTradesTab(alice.page, 'Completed', tradeId);
  await expect(done.getByText('Status: Completed')).toBeVisible();
  await expect(done.getByRole('region', { name: `${bob.user.username}’s parcel` })).not.toContainText('confirm receipt by');
  await expect(done.getByRole('button', { name: 'Mark received' })).toHaveCount(0);

  await alice.context.close();
  await bob.context.close();
});
