import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { INVALID_TRACKING_NUMBER_MESSAGE } from '@soleswap/contracts/tracking-numbers';
import { ledgerEntries, tradeEvents, trades } from '../../db/schema/index';
import { useTestApp } from '../../../test/test-app';
import { acceptWithShipTo, proposedThreeLoop, releasesInSize10 } from '../loops/loops.int-helpers';
import { freshTrackingNumber } from '../../../test/fresh-tracking-number';
import { chooseShipTos, TRACKING, expectLedgerValidAfterAll, memberWithSneakers, proposal } from './trades.int-helpers';

describe('tracking numbers when shipping', () => {
  const testApp = useTestApp();
  expectLedgerValidAfterAll(testApp);

  async function acceptedTrade() {
    const alice = await memberWithSneakers(testApp(), 'alice', 1);
    const bob = await memberWithSneakers(testApp(), 'bob', 1);
    const proposed = await alice.post('/api/trades', proposal(alice, bob));
    const accepted = await bob.post(`/api/trades/${proposed.body.id}/accept`);
    expect(accepted.status).toBe(200);
    await chooseShipTos(proposed.body.id, bob);
    return { alice, bob, tradeId: accepted.body.id as number };
  }

  const row = async (tradeId: number) => (await testApp().ctx.db.select().from(trades).where(eq(trades.id, tradeId)))[0]!;
  const shipEntries = async (tradeId: number) =>
    (await testApp().ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.tradeId, tradeId))).filter((e) => e.event === 'ship');
  const shipEvents = async (tradeId: number) =>
    (await testApp().ctx.db.select().from(tradeEvents).where(eq(tradeEvents.tradeId, tradeId))).filter((e) => e.action === 'ship');

  it.each([
    ['a wrong check digit', '1Z5R89390357567128'],
    ['a made-up number', '1Z999'],
    ['free text', 'TRACK-123'],
    ['a USPS-length number with a wrong check digit', '9400111202555842332668'],
  ])('refuses %s with a 400 naming the tracking number, and records nothing', async (_what, trackingNumber) => {
    const { alice, tradeId } = await acceptedTrade();
    const res = await alice.post(`/api/trades/${tradeId}/ship`, { trackingNumber });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', fields: { trackingNumber: INVALID_TRACKING_NUMBER_MESSAGE } });
    expect(await row(tradeId)).toMatchObject({ proposerShippedAt: null, proposerTrackingNumber: null, proposerCarrier: null });
    expect(await shipEntries(tradeId)).toEqual([]);
    expect(await shipEvents(tradeId)).toEqual([]);
    expect((await alice.get(`/api/trades/${tradeId}`)).body.allowedActions).toContain('ship');
  });

  it('refuses a ship request without a tracking number', async () => {
    const { alice, tradeId } = await acceptedTrade();
    for (const body of [{}, { trackingNumber: '   ' }]) {
      const res = await alice.post(`/api/trades/${tradeId}/ship`, body);
      expect(res.status).toBe(400);
      expect(res.body.fields.trackingNumber).toBe("Enter the parcel's tracking number");
    }
    expect((await row(tradeId)).proposerShippedAt).toBeNull();
  });

  it.each([
    ['UPS', 'ups', '1z5r 8939 0357 5671 27', TRACKING.ups, 'https://wwwapps.ups.com/WebTracking/track?track=yes&trackNums=1Z5R89390357567127'],
    ['USPS', 'usps', '9400 1112 0255 5842 3326 69', TRACKING.usps, 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111202555842332669'],
    ['FedEx', 'fedex', '9865-7878-8855', TRACKING.fedex, 'https://www.fedex.com/apps/fedextrack/?tracknumbers=986578788855'],
  ])('accepts a %s number, stored normalised with its carrier and shown to both sides with a link', async (name, carrier, typed, normalised, url) => {
    const { alice, bob, tradeId } = await acceptedTrade();
    const res = await alice.post(`/api/trades/${tradeId}/ship`, { trackingNumber: typed });
    expect(res.status).toBe(200);
    const tracking = { carrier, carrierName: name, trackingNumber: normalised, url };
    expect(res.body).toMatchObject({ proposerTrackingNumber: normalised, proposerTracking: tracking, receiverTracking: null });
    expect(await row(tradeId)).toMatchObject({ proposerCarrier: carrier, proposerTrackingNumber: normalised });
    // The other party sees it on the trade and in their list.
    expect((await bob.get(`/api/trades/${tradeId}`)).body.proposerTracking).toEqual(tracking);
    const listed = (await bob.get('/api/trades')).body.find((t: { id: number }) => t.id === tradeId);
    expect(listed.proposerTracking).toEqual(tracking);
    // The public ledger only says a number was given.
    expect((await shipEntries(tradeId))[0]!.payload).toEqual({ side: 'proposer', withTracking: true });
  });

  describe('in a loop', () => {
    let releases: number[] = [];
    beforeAll(async () => {
      releases = await releasesInSize10(testApp());
    });

    it('refuses a malformed number, and shows a valid one with its link to the leg’s sender and receiver only', async () => {
      const { a, b, c, loopId } = await proposedThreeLoop(testApp(), releases);
      await acceptWithShipTo(loopId, a, b, c);
      const bad = await a.post(`/api/loops/${loopId}/ship`, { trackingNumber: '1Z999' });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED', fields: { trackingNumber: INVALID_TRACKING_NUMBER_MESSAGE } });
      expect((await a.get(`/api/loops/${loopId}`)).body.myGive).toMatchObject({ shippedAt: null, tracking: null });
      expect((await a.post(`/api/loops/${loopId}/ship`, {})).status).toBe(400);

      // A number of its own: the trades above still have theirs on parcels that have not arrived.
      const fedex = freshTrackingNumber('fedex');
      const shipped = await a.post(`/api/loops/${loopId}/ship`, { trackingNumber: fedex });
      expect(shipped.status).toBe(200);
      const tracking = {
        carrier: 'fedex',
        carrierName: 'FedEx',
        trackingNumber: fedex,
        url: `https://www.fedex.com/apps/fedextrack/?tracknumbers=${fedex}`,
      };
      expect(shipped.body.myGive.tracking).toEqual(tracking);
      // Ann gives to Cat: Cat sees the parcel coming; Ben, who neither sends nor receives it, does not.
      expect((await c.get(`/api/loops/${loopId}`)).body.myReceive.tracking).toEqual(tracking);
      const benView = (await b.get(`/api/loops/${loopId}`)).body;
      expect(benView.legs.find((l: { fromUserId: string }) => l.fromUserId === a.user.id)).toMatchObject({ tracking: null });
      expect(benView.legs.find((l: { fromUserId: string }) => l.fromUserId === a.user.id).shippedAt).not.toBeNull();
    });
  });
});
