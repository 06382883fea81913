import { describe, expect, it } from 'vitest';
import { detectTracking } from '@soleswap/contracts/tracking-numbers';
import { drawnText } from '../../../test/pdf-text';
import { useTestApp, type TestClient } from '../../../test/test-app';
import { chooseShipTos, memberWithSneakers, proposal } from '../trades/trades.int-helpers';
import { OTHER_SHIP_TO_MISSING } from '../trades/trade-labels';
import { SIDE_HAS_LABEL, TYPED_NUMBERS_OFF } from '../trades/ship-trade';
import { shipBody } from '../trades/trades.int-helpers';
import { SANDBOX_LABEL_MARK } from './sandbox/sandbox-label-pdf';
import { TRACK_TYPED_NUMBER_JOB, trackTypedNumber } from './track-typed-number';
import { eq } from 'drizzle-orm';
import { jobs, shippingLabels } from '../../db/schema/index';

/** Labels per trade side (docs/rules/shipping.md#a-label-per-leg) on the sandbox provider. */
describe('a shipping label per trade side', () => {
  const testApp = useTestApp();

  async function acceptedTrade() {
    const alice = await memberWithSneakers(testApp(), 'alice', 1);
    const bob = await memberWithSneakers(testApp(), 'bob', 1);
    const proposed = await alice.post('/api/trades', proposal(alice, bob));
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(201);
    const tradeId = proposed.body.id as number;
    const accepted = await bob.post(`/api/trades/${tradeId}/accept`);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    return { alice, bob, tradeId };
  }

  const buy = (member: TestClient, tradeId: number, key?: string) =>
    member.post(`/api/trades/${tradeId}/label`, { preset: 'one-pair' }, key ? { 'idempotency-key': key } : {});

  async function pdfOf(member: TestClient, tradeId: number) {
    const res = await testApp().app.inject({ method: 'GET', url: `/api/trades/${tradeId}/label.pdf`, headers: { cookie: member.cookie! } });
    return { status: res.statusCode, type: String(res.headers['content-type']), bytes: res.rawPayload };
  }

  it('sells each side its own label with a valid, unique tracking number, printed with the packing slip as one PDF', async () => {
    const { alice, bob, tradeId } = await acceptedTrade();
    await chooseShipTos(tradeId, alice, bob);

    const mine = await buy(alice, tradeId, 'label-alice-1');
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    const theirs = await buy(bob, tradeId, 'label-bob-1');
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(200);
    for (const label of [mine.body, theirs.body]) {
      expect(label).toMatchObject({ route: 'trade', status: 'pre_transit', payer: 'platform', labelUrl: `/api/trades/${tradeId}/label.pdf` });
      // The number is one the carrier checker accepts, as its own carrier's.
      expect(detectTracking(label.trackingNumber)).toMatchObject({ carrier: label.carrier, trackingNumber: label.trackingNumber });
    }
    expect(mine.body.legKey).toBe(`${tradeId}:proposer`);
    expect(theirs.body.legKey).toBe(`${tradeId}:receiver`);
    expect(mine.body.trackingNumber).not.toBe(theirs.body.trackingNumber);

    const pdf = await pdfOf(alice, tradeId);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toContain('application/pdf');
    const text = drawnText(pdf.bytes);
    // The label (its number, its sandbox mark, the ship-to) and then the slip of the same box.
    expect(text).toContain(mine.body.trackingNumber);
    expect(text).toContain(SANDBOX_LABEL_MARK);
    expect(text.toUpperCase()).toContain('AUSTIN, TX 78701');
    expect(text).toContain(`Trade #${tradeId}`);
    expect(text.split('\f').filter((page) => page.trim()).length).toBeGreaterThanOrEqual(2);

    // Both sides see both legs; no address is in the answer.
    const shipping = await bob.get(`/api/trades/${tradeId}/shipping`);
    expect(shipping.status).toBe(200);
    expect(shipping.body.legs.map((leg: { side: string; isMine: boolean }) => [leg.side, leg.isMine])).toEqual([
      ['receiver', true],
      ['proposer', false],
    ]);
    expect(shipping.body.legs[1].label.trackingNumber).toBe(mine.body.trackingNumber);
    expect(JSON.stringify(shipping.body)).not.toContain('Main St');
  });

  it('answers the same label to a second purchase under the same key, and to another key', async () => {
    const { alice, bob, tradeId } = await acceptedTrade();
    await chooseShipTos(tradeId, alice, bob);
    const first = await buy(alice, tradeId, 'same-key');
    const again = await buy(alice, tradeId, 'same-key');
    const other = await buy(alice, tradeId, 'another-key');
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(other.body.id).toBe(first.body.id);
    expect(other.body.trackingNumber).toBe(first.body.trackingNumber);
  });

  it('refuses a label before the other side chose where their pairs go, naming it (409 SHIP_TO_MISSING)', async () => {
    const { alice, bob, tradeId } = await acceptedTrade();
    await chooseShipTos(tradeId, alice);
    const refused = await buy(alice, tradeId);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'SHIP_TO_MISSING', message: OTHER_SHIP_TO_MISSING });
    expect((await pdfOf(alice, tradeId)).status).toBe(404);
    // Once Bob chooses, Alice's label is sold.
    await chooseShipTos(tradeId, bob);
    expect((await buy(alice, tradeId)).status).toBe(200);
  });

  it('tells a stranger the trade does not exist', async () => {
    const { alice, bob, tradeId } = await acceptedTrade();
    await chooseShipTos(tradeId, alice, bob);
    const stranger = await memberWithSneakers(testApp(), 'stranger', 0);
    expect((await buy(stranger, tradeId)).status).toBe(404);
    expect((await stranger.get(`/api/trades/${tradeId}/shipping`)).status).toBe(404);
    expect((await pdfOf(stranger, tradeId)).status).toBe(404);
  });

  it("moves a parcel through the sandbox carrier's statuses for its parties only: the first scan ships the side", async () => {
    const { alice, bob, tradeId } = await acceptedTrade();
    await chooseShipTos(tradeId, alice, bob);
    const label = (await buy(alice, tradeId)).body;
    const advance = (member: TestClient, status: string) => member.post(`/api/shipping/sandbox/parcels/${label.trackingNumber}/advance`, { status });

    const stranger = await memberWithSneakers(testApp(), 'stranger', 0);
    expect((await advance(stranger, 'in_transit')).status).toBe(404);
    expect((await advance(alice, 'teleported')).status).toBe(400);

    const moved = await advance(bob, 'in_transit');
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ status: 'in_transit', events: [{ status: 'in_transit' }] });
    const trade = await alice.get(`/api/trades/${tradeId}`);
    expect(trade.body.proposerTrackingNumber).toBe(label.trackingNumber);
    expect(trade.body.proposerShippedAt).not.toBeNull();
  });
});

describe('typed tracking numbers', () => {
  const testApp = useTestApp();

  it('get a tracker when typed numbers are on (the test default), and are refused on a side that has a label', async () => {
    const alice = await memberWithSneakers(testApp(), 'alice', 1);
    const bob = await memberWithSneakers(testApp(), 'bob', 1);
    const tradeId = (await alice.post('/api/trades', proposal(alice, bob))).body.id as number;
    expect((await bob.post(`/api/trades/${tradeId}/accept`)).status).toBe(200);
    await chooseShipTos(tradeId, alice, bob);

    expect((await alice.post(`/api/trades/${tradeId}/label`, { preset: 'one-pair' })).status).toBe(200);
    const typedOnLabel = await alice.post(`/api/trades/${tradeId}/ship`, shipBody('usps'));
    expect(typedOnLabel.status).toBe(409);
    expect(typedOnLabel.body.message).toBe(SIDE_HAS_LABEL);

    const typed = shipBody('fedex');
    expect((await bob.post(`/api/trades/${tradeId}/ship`, typed)).status).toBe(200);
    const { db } = testApp().ctx;
    const [row] = await db.select().from(shippingLabels).where(eq(shippingLabels.trackingNumber, typed.trackingNumber));
    expect(row).toMatchObject({ source: 'typed', purchase: 'pending', legKey: `${tradeId}:receiver`, carrier: 'fedex' });
    const queued = await db.select().from(jobs).where(eq(jobs.kind, TRACK_TYPED_NUMBER_JOB));
    expect(queued.map((job) => job.payload)).toContainEqual({ labelId: row!.id });
    await trackTypedNumber(testApp().ctx, { labelId: row!.id });
    const [tracked] = await db.select().from(shippingLabels).where(eq(shippingLabels.id, row!.id));
    expect(tracked).toMatchObject({ purchase: 'bought', providerTrackerId: `sbtrk_${typed.trackingNumber}` });

    // The sandbox's control moves a typed number's parcel too: Bob's side was shipped when he typed it.
    const delivered = await alice.post(`/api/shipping/sandbox/parcels/${typed.trackingNumber}/advance`, { status: 'delivered' });
    expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);
    expect(delivered.body.status).toBe('delivered');
  });
});

describe('typed tracking numbers switched off', () => {
  const testApp = useTestApp({ SHIPPING_MANUAL_NUMBERS: 'false' });

  it('are refused: the side buys a label', async () => {
    const alice = await memberWithSneakers(testApp(), 'alice', 1);
    const bob = await memberWithSneakers(testApp(), 'bob', 1);
    const tradeId = (await alice.post('/api/trades', proposal(alice, bob))).body.id as number;
    expect((await bob.post(`/api/trades/${tradeId}/accept`)).status).toBe(200);
    await chooseShipTos(tradeId, alice, bob);
    const refused = await alice.post(`/api/trades/${tradeId}/ship`, shipBody());
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'CONFLICT', message: TYPED_NUMBERS_OFF });
    expect((await alice.get('/api/shipping/config')).body).toMatchObject({ provider: 'sandbox', manualNumbers: false, developmentControl: true });
  });
});

describe('the sandbox development control with another provider', () => {
  const testApp = useTestApp({ SHIPPING_PROVIDER: 'easypost', EASYPOST_API_KEY: 'EZTK_test', EASYPOST_WEBHOOK_SECRET: 'whsec_test' });

  it('does not exist (404)', async () => {
    const member = await memberWithSneakers(testApp(), 'member', 0);
    const res = await member.post('/api/shipping/sandbox/parcels/9400111202555842332669/advance', { status: 'delivered' });
    expect(res.status).toBe(404);
    expect((await member.get('/api/shipping/config')).body).toMatchObject({ provider: 'easypost', developmentControl: false });
  });
});
