import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectTracking } from '@soleswap/contracts/tracking-numbers';
import { FakeEasyPost, FAKE_EASYPOST_ENV } from '../../../../test/fake-easypost';
import { freshTrackingNumber } from '../../../../test/fresh-tracking-number';
import { drawnText } from '../../../../test/pdf-text';
import { AppError } from '../../../errors';
import { ShippingProviderError, type ShippingAddress } from '../shipping-provider';
import { EasyPostShippingProvider } from './easypost-shipping-provider';

/** Short, so the timeout tests wait well under a second for each lost answer. */
const TIMEOUT_MS = 300;

const SENDER: ShippingAddress = {
  name: 'Ada Sender',
  line1: '417 MONTGOMERY ST',
  line2: null,
  city: 'SAN FRANCISCO',
  region: 'CA',
  postalCode: '94104',
  country: 'US',
};
const RECIPIENT: ShippingAddress = {
  name: 'Bo Receiver',
  line1: '1 Main Street',
  line2: null,
  city: 'Austin',
  region: 'TX',
  postalCode: '78701',
  country: 'US',
};

let counter = 0;
const freshKey = (what: string) => `soleswap-label-test-${what}-${process.pid}-${(counter += 1)}`;

/** The provider's refusal (or outage) a call ended in. */
async function failureOf(call: Promise<unknown>): Promise<Error> {
  const outcome = await call.then(
    () => null,
    (error: unknown) => error as Error,
  );
  if (!outcome) throw new Error('expected the call to fail');
  return outcome;
}

describe('EasyPost provider through @easypost/api, against the stand-in EasyPost', () => {
  let fake: FakeEasyPost;
  let provider: EasyPostShippingProvider;
  beforeAll(async () => {
    fake = await new FakeEasyPost().start();
    provider = new EasyPostShippingProvider({
      apiKey: FAKE_EASYPOST_ENV.EASYPOST_API_KEY,
      webhookSecret: FAKE_EASYPOST_ENV.EASYPOST_WEBHOOK_SECRET,
      baseUrl: fake.baseUrl,
      timeoutMs: TIMEOUT_MS,
    });
  });
  afterAll(() => fake.close());

  describe('address verification', () => {
    it('verifies an address the carrier already knows in this form', async () => {
      // The stand-in completes a ZIP to ZIP+4: the address typed with it is as the carrier knows it.
      const first = await provider.verifyAddress(SENDER);
      expect(first.status).toBe('suggested');
      const known = { ...SENDER, postalCode: first.suggestion!.postalCode };
      expect(await provider.verifyAddress(known)).toEqual({ status: 'verified', suggestion: null, messages: [] });
    });

    it('suggests the carrier’s form of a sloppy address beside what was typed (a corrected street, ZIP+4)', async () => {
      const answer = await provider.verifyAddress({ ...RECIPIENT, line1: '1 main street', city: 'austin' });
      expect(answer.status).toBe('suggested');
      expect(answer.suggestion).toMatchObject({ name: 'Bo Receiver', line1: '1 MAIN ST', city: 'AUSTIN', region: 'TX', country: 'US' });
      expect(answer.suggestion!.postalCode).toMatch(/^78701-\d{4}$/);
    });

    it('refuses an undeliverable address with EasyPost’s words', async () => {
      const answer = await provider.verifyAddress({ ...RECIPIENT, line1: '99 Undeliverable Way' });
      expect(answer).toEqual({ status: 'undeliverable', suggestion: null, messages: ['Address not found', 'House number is invalid'] });
    });

    it('sends each verification under an idempotency key named by the address', async () => {
      await provider.verifyAddress(RECIPIENT);
      await provider.verifyAddress(RECIPIENT);
      const keys = fake.requests
        .filter((r) => r.path === '/v2/addresses')
        .slice(-2)
        .map((r) => r.idempotencyKey);
      expect(keys[0]).toMatch(/^soleswap-easypost-address-/);
      expect(keys[1]).toBe(keys[0]);
    });
  });

  it('quotes the three carriers for the preset’s box, cheapest first', async () => {
    const rates = await provider.rates(SENDER, RECIPIENT, 'two-pairs');
    expect(rates.map((r) => r.carrier).sort()).toEqual(['fedex', 'ups', 'usps']);
    expect(rates.map((r) => r.rateCents)).toEqual([...rates.map((r) => r.rateCents)].sort((a, b) => a - b));
    const shipment = fake.requests.filter((r) => r.path === '/v2/shipments').at(-1)!.body.shipment as { parcel: { weight: number } };
    expect(shipment.parcel.weight).toBe(112);
  });

  it('buys a label: a valid tracking number of the carrier, the label PDF fetched, a tracker, under the key', async () => {
    const key = freshKey('buy');
    const label = await provider.buyLabel({ from: SENDER, to: RECIPIENT, preset: 'one-pair', carrier: 'ups', idempotencyKey: key });
    expect(label.carrier).toBe('ups');
    expect(detectTracking(label.trackingNumber)?.carrier).toBe('ups');
    expect(Buffer.from(label.labelPdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    expect(drawnText(Buffer.from(label.labelPdf))).toContain(`TRACKING # ${label.trackingNumber}`);
    expect(label.trackerId).toMatch(/^trk_/);
    expect(label.rateCents).toBeGreaterThan(0);
    const buy = fake.purchases().find((r) => r.path === `/v2/shipments/${label.shipmentId}/buy`)!;
    expect(buy.idempotencyKey).toBe(`${key}-buy`);
    expect(fake.shipments.get(label.shipmentId)!.reference).toBe(key);
  });

  it('an outage is 502 SHIPPING_PROVIDER_UNAVAILABLE, and the retry under the same key buys one label', async () => {
    const key = freshKey('outage');
    const before = fake.purchases().length;
    fake.failNext(1, { path: /\/buy$/ });
    const failure = await failureOf(provider.buyLabel({ from: SENDER, to: RECIPIENT, preset: 'one-pair', idempotencyKey: key }));
    expect(failure).toBeInstanceOf(AppError);
    expect((failure as AppError).code).toBe('SHIPPING_PROVIDER_UNAVAILABLE');
    expect(fake.purchases().length).toBe(before);

    const label = await provider.buyLabel({ from: SENDER, to: RECIPIENT, preset: 'one-pair', idempotencyKey: key });
    expect(fake.purchases().length).toBe(before + 1);
    // The retry found the shipment the first try created (by its reference): one shipment for the key.
    expect([...fake.shipments.values()].filter((s) => s.reference === key)).toHaveLength(1);
    expect(label.trackingNumber).toBe(fake.shipments.get(label.shipmentId)!.tracking_code);
  });

  it('a purchase whose answer is lost (timeout after EasyPost bought it) is answered by the retry with that label, not a second one', async () => {
    const key = freshKey('lost');
    const before = fake.purchases().length;
    fake.failNext(1, { mode: 'lost', delayMs: TIMEOUT_MS * 3, path: /\/buy$/ });
    const failure = await failureOf(provider.buyLabel({ from: SENDER, to: RECIPIENT, preset: 'one-pair', idempotencyKey: key }));
    expect((failure as AppError).code).toBe('SHIPPING_PROVIDER_UNAVAILABLE');
    expect(fake.purchases().length).toBe(before + 1);
    const boughtInTheDark = [...fake.shipments.values()].find((s) => s.reference === key)!;

    const label = await provider.buyLabel({ from: SENDER, to: RECIPIENT, preset: 'one-pair', idempotencyKey: key });
    expect(fake.purchases().length).toBe(before + 1);
    expect(label.trackingNumber).toBe(boughtInTheDark.tracking_code);
  });

  it('gives up on a call EasyPost does not answer in time', async () => {
    fake.failNext(1, { mode: 'slow', delayMs: TIMEOUT_MS * 5, path: /^\/v2\/trackers\/.+/ });
    const started = Date.now();
    const failure = await failureOf(provider.getTracker('trk_slow'));
    expect((failure as AppError).code).toBe('SHIPPING_PROVIDER_UNAVAILABLE');
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS * 4);
  });

  it('a refusal keeps EasyPost’s words (an unknown tracker is NOT_FOUND)', async () => {
    const failure = await failureOf(provider.getTracker('trk_missing'));
    expect(failure).toBeInstanceOf(ShippingProviderError);
    expect((failure as ShippingProviderError).code).toBe('NOT_FOUND');
    expect(failure.message).toBe('The requested resource could not be found.');
  });

  describe('trackers', () => {
    it('makes one tracker for a typed number under its key, and reads its events back', async () => {
      const key = freshKey('tracker');
      const trackingNumber = freshTrackingNumber('ups');
      const created = await provider.createTracker({ carrier: 'ups', trackingNumber, idempotencyKey: key });
      const again = await provider.createTracker({ carrier: 'ups', trackingNumber, idempotencyKey: key });
      expect(again.trackerId).toBe(created.trackerId);
      expect(fake.done('POST', '/v2/trackers').filter((r) => r.idempotencyKey === key)).toHaveLength(1);

      fake.advance(trackingNumber, 'in_transit', { at: new Date('2026-11-01T10:00:00Z') });
      fake.advance(trackingNumber, 'delivered', { at: new Date('2026-11-02T15:00:00Z'), zip: '78701' });
      const tracker = await provider.getTracker(created.trackerId);
      expect(tracker).toMatchObject({ status: 'delivered', carrier: 'ups', trackingNumber, destinationPostalCode: '78701' });
      expect(tracker.events.map((e) => [e.status, e.occurredAt.toISOString()])).toEqual([
        ['in_transit', '2026-11-01T10:00:00.000Z'],
        ['delivered', '2026-11-02T15:00:00.000Z'],
      ]);
      // Read twice, an event keeps its id (a webhook and the polling job apply it once).
      expect((await provider.getTracker(created.trackerId)).events.map((e) => e.providerEventId)).toEqual(
        tracker.events.map((e) => e.providerEventId),
      );
    });

    it('reads a signed webhook, and refuses one whose signature does not match', async () => {
      const key = freshKey('hook');
      const label = await provider.buyLabel({ from: SENDER, to: RECIPIENT, preset: 'one-pair', idempotencyKey: key });
      const hook = fake.advance(label.trackingNumber, 'in_transit');
      const parsed = await provider.parseWebhook(hook.body, hook.headers);
      expect(parsed).toMatchObject({ deliveryId: hook.event.id, tracker: { trackerId: label.trackerId, status: 'in_transit' } });

      const forged = { ...hook.headers, 'x-hmac-signature': fake.sign(hook.body, 'not-the-secret') };
      const failure = await failureOf(provider.parseWebhook(hook.body, forged));
      expect((failure as ShippingProviderError).code).toBe('WEBHOOK_INVALID');
      const tampered = hook.body.replace('in_transit', 'delivered');
      expect(((await failureOf(provider.parseWebhook(tampered, hook.headers))) as ShippingProviderError).code).toBe('WEBHOOK_INVALID');
      const unsigned = await failureOf(provider.parseWebhook(hook.body, { 'content-type': 'application/json' }));
      expect((unsigned as ShippingProviderError).code).toBe('WEBHOOK_INVALID');
    });
  });
});
