import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { TRACKING_NUMBER_IN_USE_MESSAGE } from '@soleswap/contracts/tracking-numbers';
import { ledgerEntries, loopLegs, parcelClaims, tradeEvents, trades } from '../../db/schema/index';
import { withClockAhead } from '../../../test/clock';
import { freshTrackingNumber } from '../../../test/fresh-tracking-number';
import { useTestApp } from '../../../test/test-app';
import { CENTRE_ENV, forwardBody, inspector, tradeAtCentre, VERDICT } from '../inspection/inspection.int-helpers';
import { acceptWithShipTo, proposedThreeLoop, releasesInSize10 } from '../loops/loops.int-helpers';
import { chooseShipTos, expectLedgerValidAfterAll, memberWithSneakers, proposal, shipBody } from '../trades/trades.int-helpers';

/**
 * A tracking number is on one parcel that has not arrived at a time, on any route: a trade side,
 * a loop leg, the centre's forward (docs/rules/trades.md#tracking-numbers). A second parcel with it
 * is refused with 409 TRACKING_NUMBER_IN_USE and nothing changes; once the first has arrived (or its
 * trade ended) the number is free again.
 */
describe('a tracking number already on a parcel that has not arrived', () => {
  const testApp = useTestApp(CENTRE_ENV);
  expectLedgerValidAfterAll(testApp);
  let releases: number[] = [];
  beforeAll(async () => {
    releases = await releasesInSize10(testApp());
  });
  let nextRelease = 0;

  /** An accepted direct trade, both ship-tos chosen: either side may ship. */
  async function acceptedTrade() {
    const alice = await memberWithSneakers(testApp(), 'alice', 1);
    const bob = await memberWithSneakers(testApp(), 'bob', 1);
    const proposed = await alice.post('/api/trades', proposal(alice, bob));
    expect(proposed.status).toBe(201);
    const accepted = await bob.post(`/api/trades/${proposed.body.id}/accept`);
    expect(accepted.status).toBe(200);
    const tradeId = accepted.body.id as number;
    await chooseShipTos(tradeId, alice, bob);
    return { alice, bob, tradeId };
  }

  /** An active three-member loop (every member accepted with a ship-to): each may ship their leg. */
  async function activeLoop() {
    const loop = await proposedThreeLoop(testApp(), releases, nextRelease);
    nextRelease += 3;
    expect((await acceptWithShipTo(loop.loopId, loop.a, loop.b, loop.c)).body.status).toBe('active');
    return loop;
  }

  const tradeRow = async (id: number) => (await testApp().ctx.db.select().from(trades).where(eq(trades.id, id)))[0]!;
  const ledgerEvents = async (tradeId: number) =>
    (await testApp().ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.tradeId, tradeId))).map((e) => e.event);
  const claimsOf = (trackingNumber: string) => testApp().ctx.db.select().from(parcelClaims).where(eq(parcelClaims.trackingNumber, trackingNumber));

  function expectInUse(res: { status: number; body: Record<string, unknown> }) {
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body).toEqual({
      code: 'TRACKING_NUMBER_IN_USE',
      message: TRACKING_NUMBER_IN_USE_MESSAGE,
      fields: { trackingNumber: TRACKING_NUMBER_IN_USE_MESSAGE },
    });
  }

  it('refuses it on another trade, however it is typed, and that trade stays as it was', async () => {
    const first = await acceptedTrade();
    const number = freshTrackingNumber();
    expect((await first.alice.post(`/api/trades/${first.tradeId}/ship`, { trackingNumber: number })).status).toBe(200);

    const second = await acceptedTrade();
    const typed = `${number.slice(0, 6).toLowerCase()} ${number.slice(6, 12)}-${number.slice(12)}`;
    expectInUse(await second.alice.post(`/api/trades/${second.tradeId}/ship`, { trackingNumber: typed }));
    expect(await tradeRow(second.tradeId)).toMatchObject({
      status: 'accepted',
      proposerShippedAt: null,
      proposerTrackingNumber: null,
      receiverReceiveBy: null,
    });
    expect(await ledgerEvents(second.tradeId)).not.toContain('ship');
    expect(await testApp().ctx.db.select().from(tradeEvents).where(eq(tradeEvents.tradeId, second.tradeId))).not.toContainEqual(
      expect.objectContaining({ action: 'ship' }),
    );
    expect((await second.alice.get(`/api/trades/${second.tradeId}`)).body.allowedActions).toContain('ship');
    // With a number of its own, it ships.
    expect((await second.alice.post(`/api/trades/${second.tradeId}/ship`, shipBody())).status).toBe(200);
  });

  it('holds one claim per side: a side ships once, and the other side of the same trade cannot reuse its number', async () => {
    const { alice, bob, tradeId } = await acceptedTrade();
    const number = freshTrackingNumber();
    expect((await alice.post(`/api/trades/${tradeId}/ship`, { trackingNumber: number })).status).toBe(200);
    const again = await alice.post(`/api/trades/${tradeId}/ship`, { trackingNumber: number });
    expect(again.body).toMatchObject({ code: 'TRADE_INVALID_TRANSITION', message: 'You have already shipped your side' });
    expectInUse(await bob.post(`/api/trades/${tradeId}/ship`, { trackingNumber: number }));
    expect((await tradeRow(tradeId)).receiverShippedAt).toBeNull();
    expect((await claimsOf(number)).map((c) => ({ route: c.route, leg: c.leg }))).toEqual([{ route: 'trade', leg: `${tradeId}:proposer` }]);
  });

  it('refuses it on a loop leg while a trade side holds it, and on a trade while a loop leg holds it', async () => {
    const trade = await acceptedTrade();
    const onTrade = freshTrackingNumber();
    expect((await trade.alice.post(`/api/trades/${trade.tradeId}/ship`, { trackingNumber: onTrade })).status).toBe(200);

    const { a, loopId } = await activeLoop();
    expectInUse(await a.post(`/api/loops/${loopId}/ship`, { trackingNumber: onTrade }));
    const [leg] = await testApp().ctx.db.select().from(loopLegs).where(eq(loopLegs.fromUserId, a.user.id));
    expect(leg).toMatchObject({ shippedAt: null, trackingNumber: null });
    expect((await a.get(`/api/loops/${loopId}`)).body.allowedActions).toContain('ship');

    const onLeg = freshTrackingNumber('usps');
    expect((await a.post(`/api/loops/${loopId}/ship`, { trackingNumber: onLeg })).status).toBe(200);
    expectInUse(await trade.bob.post(`/api/trades/${trade.tradeId}/ship`, { trackingNumber: onLeg }));
    expect((await tradeRow(trade.tradeId)).receiverShippedAt).toBeNull();
  });

  it('refuses it on the centre’s forward while a trade side holds it, and on a trade while the forwarded parcel is on its way', async () => {
    const trade = await acceptedTrade();
    const onTrade = freshTrackingNumber('fedex');
    expect((await trade.alice.post(`/api/trades/${trade.tradeId}/ship`, { trackingNumber: onTrade })).status).toBe(200);

    const { alicePair, bobPair } = await tradeAtCentre(testApp());
    const centre = await inspector(testApp());
    for (const pair of [alicePair, bobPair]) {
      expect((await centre.post(`/api/inspection/pairs/${pair}/receive`)).status).toBe(200);
      expect((await centre.post(`/api/inspection/pairs/${pair}/pass`, VERDICT)).status).toBe(200);
    }
    expectInUse(await centre.post(`/api/inspection/pairs/${alicePair}/forward`, { trackingNumber: onTrade }));
    expect((await centre.get(`/api/inspection/queue?status=passed&limit=50`)).body.items.map((i: { id: number }) => i.id)).toContain(alicePair);

    const forwarded = forwardBody();
    expect((await centre.post(`/api/inspection/pairs/${alicePair}/forward`, forwarded)).body.status).toBe('forwarded');
    // Nobody confirms a forwarded parcel's arrival: it counts as on its way until a member's would be received automatically.
    expectInUse(await trade.bob.post(`/api/trades/${trade.tradeId}/ship`, forwarded));
    const { SHIPPING_TRANSIT_DAYS, AUTO_RECEIVE_AFTER_DAYS } = testApp().ctx.env;
    await withClockAhead(testApp().ctx, SHIPPING_TRANSIT_DAYS + AUTO_RECEIVE_AFTER_DAYS + 1, async () => {
      const later = await acceptedTrade();
      expect((await later.alice.post(`/api/trades/${later.tradeId}/ship`, forwarded)).status).toBe(200);
    });
  });

  it('frees it once the parcel has arrived: received on an open trade, or the trade completed', async () => {
    const first = await acceptedTrade();
    const number = freshTrackingNumber();
    expect((await first.alice.post(`/api/trades/${first.tradeId}/ship`, { trackingNumber: number })).status).toBe(200);
    const second = await acceptedTrade();
    expectInUse(await second.alice.post(`/api/trades/${second.tradeId}/ship`, { trackingNumber: number }));
    // Bob confirms Alice's parcel; his own is not sent yet, so the trade is still open.
    expect((await first.bob.post(`/api/trades/${first.tradeId}/receive`)).body.status).toBe('accepted');
    expect((await second.alice.post(`/api/trades/${second.tradeId}/ship`, { trackingNumber: number })).status).toBe(200);
    expect((await claimsOf(number)).map((c) => c.leg)).toEqual([`${second.tradeId}:proposer`]);

    // The second trade completes: its parcels have arrived, and a loop leg may take the number.
    const { b, loopId } = await activeLoop();
    expectInUse(await b.post(`/api/loops/${loopId}/ship`, { trackingNumber: number }));
    expect((await second.bob.post(`/api/trades/${second.tradeId}/ship`, shipBody())).status).toBe(200);
    for (const who of [second.alice, second.bob]) expect((await who.post(`/api/trades/${second.tradeId}/receive`)).status).toBe(200);
    expect((await tradeRow(second.tradeId)).status).toBe('completed');
    expect((await b.post(`/api/loops/${loopId}/ship`, { trackingNumber: number })).status).toBe(200);
  });

  it('frees it when the trade whose parcel had it is cancelled', async () => {
    const first = await acceptedTrade();
    const number = freshTrackingNumber();
    expect((await first.alice.post(`/api/trades/${first.tradeId}/ship`, { trackingNumber: number })).status).toBe(200);
    const second = await acceptedTrade();
    expectInUse(await second.bob.post(`/api/trades/${second.tradeId}/ship`, { trackingNumber: number }));
    for (const who of [first.alice, first.bob]) expect((await who.post(`/api/trades/${first.tradeId}/cancel`)).status).toBe(200);
    expect((await tradeRow(first.tradeId)).status).toBe('cancelled');
    expect((await second.bob.post(`/api/trades/${second.tradeId}/ship`, { trackingNumber: number })).status).toBe(200);
  });
});
