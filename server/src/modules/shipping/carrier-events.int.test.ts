import { DAY_MS } from '@soleswap/contracts/time';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withClockAhead } from '../../../test/clock';
import { useTestApp, type TestClient } from '../../../test/test-app';
import { carrierEvents, shippingLabels } from '../../db/schema/index';
import { sweepTradeDeadlines } from '../trades/sweep-trade-deadlines';
import { expectLedgerValidAfterAll } from '../trades/trades.int-helpers';
import { carrierSays, tradeWithLabels } from '../trades/carrier-events.int-helpers';

/** The carrier's word drives a trade's legs (docs/rules/shipping.md#carrier-events). */
describe("the carrier's events on a trade's labels", () => {
  const testApp = useTestApp();
  expectLedgerValidAfterAll(testApp);

  const notices = async (member: TestClient) => {
    await testApp().ctx.events.idle();
    return (await member.get('/api/notifications')).body.items as Array<{ kind: string; text: string }>;
  };

  it('leaves a bought label that was never scanned unshipped, and ships the side at the first scan with the label number', async () => {
    const { alice, bob, trade, aliceLabel } = await tradeWithLabels(testApp());
    expect(await carrierSays(testApp(), aliceLabel.id, 'pre_transit')).toEqual({ outcome: 'applied' });
    expect((await bob.get(`/api/trades/${trade.id}`)).body).toMatchObject({ proposerShippedAt: null, receiverReceiveBy: null });

    expect(await carrierSays(testApp(), aliceLabel.id, 'in_transit')).toEqual({ outcome: 'applied' });
    const seen = (await bob.get(`/api/trades/${trade.id}`)).body;
    expect(seen).toMatchObject({
      status: 'accepted',
      proposerShippedAt: expect.any(String),
      proposerTracking: { carrier: 'usps', trackingNumber: aliceLabel.trackingNumber },
      receiverShippedAt: null,
    });
    // As today: delivery due after the transit days, then the days to confirm, until the carrier says it was delivered.
    expect(new Date(seen.receiverReceiveBy).getTime() - Date.now()).toBeGreaterThan(9 * DAY_MS);
    expect((await notices(bob))[0]).toMatchObject({ kind: 'trade.shipped' });
    // Alice no longer ships by hand: her side is shipped.
    expect((await alice.get(`/api/trades/${trade.id}`)).body.allowedActions).not.toContain('ship');
  });

  it('applies the same provider event once', async () => {
    const { bob, trade, aliceLabel } = await tradeWithLabels(testApp());
    expect(await carrierSays(testApp(), aliceLabel.id, 'in_transit', { eventId: `evt-once-${trade.id}` })).toEqual({ outcome: 'applied' });
    expect(await carrierSays(testApp(), aliceLabel.id, 'in_transit', { eventId: `evt-once-${trade.id}` })).toEqual({ outcome: 'already-applied' });
    const recorded = await testApp().ctx.db.select().from(carrierEvents).where(eq(carrierEvents.labelId, aliceLabel.id));
    expect(recorded).toHaveLength(1);
    expect((await notices(bob)).filter((n) => n.kind === 'trade.shipped' && n.text.includes(`#${trade.id}`))).toHaveLength(1);
  });

  it('opens the receive window at delivery, and the sweep confirms the receipt once AUTO_RECEIVE_AFTER_DELIVERY_DAYS passed', async () => {
    const { alice, bob, trade, aliceLabel, bobLabel } = await tradeWithLabels(testApp());
    // Delivered with no scan before: the side ships first.
    const deliveredAt = testApp().ctx.now();
    await carrierSays(testApp(), aliceLabel.id, 'delivered', { at: deliveredAt });
    await carrierSays(testApp(), bobLabel.id, 'in_transit');
    const seen = (await bob.get(`/api/trades/${trade.id}`)).body;
    expect(seen.proposerShippedAt).toEqual(expect.any(String));
    expect(new Date(seen.receiverReceiveBy).getTime()).toBe(deliveredAt.getTime() + 3 * DAY_MS);
    const [label] = await testApp().ctx.db.select().from(shippingLabels).where(eq(shippingLabels.id, aliceLabel.id));
    expect(label).toMatchObject({ status: 'delivered', deliveredAt, firstScanAt: deliveredAt });

    const sweepAfter = (days: number) => withClockAhead(testApp().ctx, days, () => sweepTradeDeadlines(testApp().ctx));
    expect((await sweepAfter(2.9)).autoReceived).not.toContain(trade.id);
    expect((await sweepAfter(3.1)).autoReceived).toContain(trade.id);
    expect((await alice.get(`/api/trades/${trade.id}`)).body).toMatchObject({
      status: 'accepted',
      receiverReceivedAt: expect.any(String),
      proposerReceivedAt: null,
    });
  });

  it('never confirms the receipt of a disputed trade', async () => {
    const { bob, trade, aliceLabel } = await tradeWithLabels(testApp());
    await carrierSays(testApp(), aliceLabel.id, 'in_transit');
    await carrierSays(testApp(), aliceLabel.id, 'delivered');
    expect((await bob.post(`/api/trades/${trade.id}/dispute`, { reason: 'The box was empty' })).status).toBe(200);
    const swept = await withClockAhead(testApp().ctx, 30, () => sweepTradeDeadlines(testApp().ctx));
    expect(swept.autoReceived).not.toContain(trade.id);
    expect((await bob.get(`/api/trades/${trade.id}`)).body).toMatchObject({ status: 'disputed', receiverReceivedAt: null });
  });

  it('tells both members of a return to sender, and ships or completes nothing by it', async () => {
    const { alice, bob, trade, aliceLabel } = await tradeWithLabels(testApp());
    expect(await carrierSays(testApp(), aliceLabel.id, 'return_to_sender')).toEqual({ outcome: 'applied' });
    expect((await bob.get(`/api/trades/${trade.id}`)).body).toMatchObject({ status: 'accepted', proposerShippedAt: null, receiverReceiveBy: null });
    const aliceNotice = (await notices(alice)).find((n) => n.kind === 'trade.parcel-exception');
    const bobNotice = (await notices(bob)).find((n) => n.kind === 'trade.parcel-exception');
    expect(aliceNotice?.text).toContain(`The parcel you sent in trade #${trade.id} is being returned to its sender`);
    expect(bobNotice?.text).toContain(`The parcel coming to you in trade #${trade.id} is being returned to its sender`);
    // Said again under another event id: nobody is told twice.
    await carrierSays(testApp(), aliceLabel.id, 'return_to_sender');
    expect((await notices(bob)).filter((n) => n.kind === 'trade.parcel-exception')).toHaveLength(1);
  });

  it('tells both members of a failed delivery on a shipped side, which stays shipped and unreceived', async () => {
    const { alice, bob, trade, aliceLabel } = await tradeWithLabels(testApp());
    await carrierSays(testApp(), aliceLabel.id, 'in_transit');
    await carrierSays(testApp(), aliceLabel.id, 'failure');
    expect((await alice.get(`/api/trades/${trade.id}`)).body).toMatchObject({
      status: 'accepted',
      proposerShippedAt: expect.any(String),
      receiverReceivedAt: null,
    });
    expect((await notices(bob)).find((n) => n.kind === 'trade.parcel-exception')?.text).toContain('could not be delivered');
  });

  it('records a late scan without moving the label back from delivered', async () => {
    const { aliceLabel } = await tradeWithLabels(testApp());
    const now = testApp().ctx.now().getTime();
    await carrierSays(testApp(), aliceLabel.id, 'delivered', { at: new Date(now) });
    await carrierSays(testApp(), aliceLabel.id, 'in_transit', { at: new Date(now - DAY_MS) });
    const [label] = await testApp().ctx.db.select().from(shippingLabels).where(eq(shippingLabels.id, aliceLabel.id));
    expect(label!.status).toBe('delivered');
  });

  it('answers an unknown label without recording anything', async () => {
    expect(await carrierSays(testApp(), 987654, 'in_transit', { eventId: 'evt-nobody' })).toEqual({ outcome: 'unknown-label' });
    expect(await testApp().ctx.db.select().from(carrierEvents).where(eq(carrierEvents.providerEventId, 'evt-nobody'))).toEqual([]);
  });
});
