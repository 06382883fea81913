import { createHmac, timingSafeEqual } from 'node:crypto';
import { DAY_MS } from '@soleswap/contracts/time';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app';
import { shippingLabels } from '../../db/schema/index';
import { carrierSays, tradeWithLabels } from '../trades/carrier-events.int-helpers';
import { pollTrackers } from './poll-trackers';
import { ShippingProviderError, type ShippingProvider, type Tracker } from './shipping-provider';
import { replaceShippingProvider } from './shipping-providers';

const SECRET = 'test-webhook-secret';
const sign = (body: string) => createHmac('sha256', SECRET).update(body).digest('hex');

/**
 * A provider standing in for one that signs its webhooks with a shared secret (HMAC-SHA256 of the
 * raw body in `x-test-signature`) and answers trackers from `trackers`; `down` makes every call fail.
 */
function stubProvider(trackers: Map<string, Tracker>, state: { down: boolean }): ShippingProvider {
  const unused = () => Promise.reject(new Error('not used here'));
  return {
    name: 'sandbox',
    isTestMode: true,
    verifyAddress: async () => ({ status: 'verified', suggestion: null, messages: [] }),
    rates: unused,
    buyLabel: unused,
    createTracker: unused,
    async getTracker(trackerId) {
      if (state.down) throw new Error('connect ECONNREFUSED');
      const tracker = trackers.get(trackerId);
      if (!tracker) throw new ShippingProviderError('NOT_FOUND', 'No such tracker');
      return tracker;
    },
    async parseWebhook(rawBody, headers) {
      const given = Buffer.from(String(headers['x-test-signature'] ?? ''), 'hex');
      const expected = Buffer.from(sign(rawBody.toString()), 'hex');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new ShippingProviderError('WEBHOOK_INVALID', 'Bad signature');
      const parsed = JSON.parse(rawBody.toString()) as { id: string; tracker: Tracker & { events: Array<{ occurredAt: string }> } };
      return {
        deliveryId: parsed.id,
        tracker: { ...parsed.tracker, events: parsed.tracker.events.map((e) => ({ ...e, occurredAt: new Date(e.occurredAt) })) } as Tracker,
      };
    },
  };
}

/** Webhooks and polling bring the carrier's events (docs/rules/shipping.md#carrier-events). */
describe("the carrier's events by webhook and by polling", () => {
  const testApp = useTestApp();
  const trackers = new Map<string, Tracker>();
  const state = { down: false };
  const useStub = () => replaceShippingProvider(testApp().ctx.env, () => stubProvider(trackers, state));
  afterEach(() => {
    replaceShippingProvider(testApp().ctx.env, null);
    state.down = false;
  });

  const trackerOf = (
    label: { providerTrackerId: string | null; trackingNumber: string | null },
    events: Tracker['events'],
    destinationPostalCode: string | null = null,
  ): Tracker => ({
    trackerId: label.providerTrackerId!,
    trackingNumber: label.trackingNumber!,
    carrier: 'usps',
    status: events.at(-1)?.status ?? 'pre_transit',
    destinationPostalCode,
    events,
  });
  const event = (id: string, status: Tracker['events'][number]['status'], occurredAt = testApp().ctx.now()) => ({
    providerEventId: id,
    status,
    message: `Carrier says ${status}`,
    location: 'Austin, TX',
    occurredAt,
  });
  const deliver = (body: string, signature = sign(body), provider = 'sandbox') =>
    testApp().app.inject({
      method: 'POST',
      url: `/api/shipping/webhooks/${provider}`,
      headers: { 'content-type': 'application/json', 'x-test-signature': signature },
      payload: body,
    });

  it('applies a signed delivery once, acknowledges its replay with nothing applied, and refuses a forged one', async () => {
    useStub();
    const { bob, trade, aliceLabel } = await tradeWithLabels(testApp());
    const tracker = trackerOf(aliceLabel, [event(`wh-${trade.id}-1`, 'pre_transit'), event(`wh-${trade.id}-2`, 'in_transit')]);
    const body = JSON.stringify({ id: `delivery-${trade.id}`, tracker });

    const forged = await deliver(body, sign(`${body} `));
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ code: 'WEBHOOK_INVALID' });
    expect((await bob.get(`/api/trades/${trade.id}`)).body.proposerShippedAt).toBeNull();

    const first = await deliver(body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ received: true, outcome: 'applied', applied: 2, alreadyApplied: 0 });
    expect((await bob.get(`/api/trades/${trade.id}`)).body.proposerShippedAt).toEqual(expect.any(String));

    const replay = await deliver(body);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toMatchObject({ outcome: 'applied', applied: 0, alreadyApplied: 2 });
  });

  it('acknowledges a tracker of no label of ours, and answers 404 for a provider not configured', async () => {
    useStub();
    const body = JSON.stringify({
      id: 'delivery-stranger',
      tracker: trackerOf({ providerTrackerId: 'trk_stranger', trackingNumber: '9400111202555842332669' }, [event('wh-stranger', 'in_transit')]),
    });
    const answer = await deliver(body);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ outcome: 'ignored', reason: 'unknown-tracker' });
    expect((await deliver(body, sign(body), 'easypost')).statusCode).toBe(404);
  });

  it('refuses every delivery to the sandbox, which sends no webhooks', async () => {
    const answer = await deliver('{}');
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'WEBHOOK_INVALID' });
  });

  it('catches by polling the delivery no webhook brought, and stops polling a delivered label', async () => {
    useStub();
    const { bob, trade, aliceLabel } = await tradeWithLabels(testApp());
    const deliveredAt = testApp().ctx.now();
    await carrierSays(testApp(), aliceLabel.id, 'in_transit', { eventId: `poll-${trade.id}-1`, at: new Date(deliveredAt.getTime() - DAY_MS) });
    trackers.set(
      aliceLabel.providerTrackerId!,
      trackerOf(aliceLabel, [event(`poll-${trade.id}-1`, 'in_transit'), event(`poll-${trade.id}-2`, 'delivered', deliveredAt)]),
    );

    const polled = await pollTrackers(testApp().ctx);
    expect(polled.checked).toContain(aliceLabel.id);
    expect(polled.applied).toBeGreaterThanOrEqual(1);
    const seen = (await bob.get(`/api/trades/${trade.id}`)).body;
    expect(new Date(seen.receiverReceiveBy).getTime()).toBe(deliveredAt.getTime() + 3 * DAY_MS);

    expect((await pollTrackers(testApp().ctx)).checked).not.toContain(aliceLabel.id);
  });

  it('asks again next run when the provider is down, and leaves a label heard of within the hour alone', async () => {
    useStub();
    const { aliceLabel, bobLabel } = await tradeWithLabels(testApp());
    trackers.set(bobLabel.providerTrackerId!, trackerOf(bobLabel, []));
    state.down = true;
    const outage = await pollTrackers(testApp().ctx);
    expect(outage.unanswered).toEqual(expect.arrayContaining([aliceLabel.id, bobLabel.id]));
    const [label] = await testApp().ctx.db.select().from(shippingLabels).where(eq(shippingLabels.id, aliceLabel.id));
    expect(label!.checkedAt).toBeNull();

    state.down = false;
    expect((await pollTrackers(testApp().ctx)).checked).toContain(bobLabel.id);
    expect((await pollTrackers(testApp().ctx)).checked).not.toContain(bobLabel.id);
  });

  it('marks a label delivered elsewhere than the ship-to postal code', async () => {
    const { aliceLabel } = await tradeWithLabels(testApp());
    await carrierSays(testApp(), aliceLabel.id, 'delivered', { postalCode: '10001' });
    const [label] = await testApp().ctx.db.select().from(shippingLabels).where(eq(shippingLabels.id, aliceLabel.id));
    expect(label).toMatchObject({ destinationPostalCode: '78701', carrierPostalCode: '10001' });
  });
});
