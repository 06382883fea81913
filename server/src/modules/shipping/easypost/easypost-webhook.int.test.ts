import { eq } from 'drizzle-orm';
import { DAY_MS } from '@soleswap/contracts/time';
import { beforeAll, describe, expect, it } from 'vitest';
import { FAKE_EASYPOST_ENV, useFakeEasyPost } from '../../../../test/fake-easypost';
import { useTestApp, type TestApp } from '../../../../test/test-app';
import { shippingLabels } from '../../../db/schema/index';
import { TEST_ADDRESS } from '../../trades/trades.int-helpers';
import { tradeWithLabels } from '../../trades/carrier-events.int-helpers';
import { pollTrackers } from '../poll-trackers';
import type { ShippingProvider } from '../shipping-provider';
import { replaceShippingProvider, sandboxShippingProvider, shippingProviderFor } from '../shipping-providers';

/** The label rows point at trackers the stand-in EasyPost holds, made through the SDK as a typed number's are. */
async function trackedAtEasyPost(testApp: TestApp, label: { id: number; carrier: string | null; trackingNumber: string | null }) {
  const tracker = await shippingProviderFor(testApp.ctx).createTracker({
    carrier: 'usps',
    trackingNumber: label.trackingNumber!,
    idempotencyKey: `soleswap-test-tracker-${label.id}`,
  });
  await testApp.ctx.db
    .update(shippingLabels)
    .set({ provider: 'easypost', providerTrackerId: tracker.trackerId })
    .where(eq(shippingLabels.id, label.id));
  return tracker;
}

/** EasyPost's tracker webhooks and the polling job, through the real SDK against the stand-in EasyPost (docs/rules/shipping.md#easypost). */
describe('EasyPost tracker webhooks and polling, against the stand-in EasyPost', () => {
  const testApp = useTestApp({ ...FAKE_EASYPOST_ENV });
  const fake = useFakeEasyPost(testApp);

  let easypost: ShippingProvider;
  beforeAll(() => {
    easypost = shippingProviderFor(testApp().ctx);
  });

  /**
   * An accepted trade with a label per side, its members' ship-tos saved through the sandbox (the
   * stand-in EasyPost would suggest ZIP+4 for the helper's address; verification is tested in
   * addresses/address-verification.int.test.ts and easypost-shipping-provider.int.test.ts), Alice's
   * label tracked at the stand-in EasyPost.
   */
  async function tradeTrackedAtEasyPost() {
    const { env } = testApp().ctx;
    replaceShippingProvider(env, sandboxShippingProvider);
    let trade: Awaited<ReturnType<typeof tradeWithLabels>>;
    try {
      trade = await tradeWithLabels(testApp());
    } finally {
      replaceShippingProvider(env, () => easypost);
    }
    await trackedAtEasyPost(testApp(), trade.aliceLabel);
    return trade;
  }

  const deliver = (hook: { body: string; headers: Record<string, string> }) =>
    testApp().app.inject({ method: 'POST', url: '/api/shipping/webhooks/easypost', headers: hook.headers, payload: hook.body });

  it('applies a signed webhook once: its replay and EasyPost’s next event repeating the scan apply nothing again', async () => {
    const { bob, trade, aliceLabel } = await tradeTrackedAtEasyPost();
    expect((await bob.get(`/api/trades/${trade.id}`)).body.proposerShippedAt).toBeNull();

    const scanned = fake().advance(aliceLabel.trackingNumber!, 'in_transit', { at: new Date(testApp().ctx.now().getTime() - 60_000) });
    const first = await deliver(scanned);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ received: true, outcome: 'applied', applied: 1, alreadyApplied: 0 });
    expect((await bob.get(`/api/trades/${trade.id}`)).body).toMatchObject({
      proposerShippedAt: expect.any(String),
      proposerTrackingNumber: aliceLabel.trackingNumber,
    });

    const replay = await deliver(scanned);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toMatchObject({ outcome: 'applied', applied: 0, alreadyApplied: 1 });

    // EasyPost's next Event carries the whole tracker: the scan already applied is not applied again.
    const outForDelivery = await deliver(fake().advance(aliceLabel.trackingNumber!, 'out_for_delivery'));
    expect(outForDelivery.json()).toMatchObject({ outcome: 'applied', applied: 1, alreadyApplied: 1 });
  });

  it('refuses a webhook whose signature does not match (400), applying nothing', async () => {
    const { bob, trade, aliceLabel } = await tradeTrackedAtEasyPost();
    const scanned = fake().advance(aliceLabel.trackingNumber!, 'in_transit');

    const forged = await deliver({
      body: scanned.body,
      headers: { ...scanned.headers, 'x-hmac-signature': fake().sign(scanned.body, 'whsec_guessed') },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ code: 'WEBHOOK_INVALID' });
    const unsigned = await deliver({ body: scanned.body, headers: { 'content-type': 'application/json' } });
    expect(unsigned.statusCode).toBe(400);
    const tampered = await deliver({ body: scanned.body.replace('"in_transit"', '"delivered"'), headers: scanned.headers });
    expect(tampered.statusCode).toBe(400);
    expect((await bob.get(`/api/trades/${trade.id}`)).body.proposerShippedAt).toBeNull();
  });

  it('the polling job catches a delivery whose webhook never came, reading the tracker from EasyPost', async () => {
    const { bob, trade, aliceLabel } = await tradeTrackedAtEasyPost();
    const deliveredAt = new Date(testApp().ctx.now().getTime() - 60_000);
    fake().advance(aliceLabel.trackingNumber!, 'in_transit', { at: new Date(deliveredAt.getTime() - DAY_MS) });
    // The webhook of the delivery is lost: the stand-in answered it, nobody delivered it.
    fake().advance(aliceLabel.trackingNumber!, 'delivered', { at: deliveredAt, zip: TEST_ADDRESS.postalCode });

    const polled = await pollTrackers(testApp().ctx);
    expect(polled.checked).toContain(aliceLabel.id);
    expect(fake().done('GET', `/v2/trackers/${(await labelRow(testApp(), aliceLabel.id)).providerTrackerId}`).length).toBeGreaterThanOrEqual(1);
    const seen = (await bob.get(`/api/trades/${trade.id}`)).body;
    expect(seen.proposerShippedAt).toEqual(expect.any(String));
    expect(new Date(seen.receiverReceiveBy).getTime()).toBe(deliveredAt.getTime() + 3 * DAY_MS);
    expect(await labelRow(testApp(), aliceLabel.id)).toMatchObject({ status: 'delivered' });
  });

  it('the polling job asks again next run when EasyPost is down', async () => {
    const { aliceLabel } = await tradeTrackedAtEasyPost();
    fake().advance(aliceLabel.trackingNumber!, 'in_transit');
    fake().failNext(100, { path: /^\/v2\/trackers\/trk_/ });
    try {
      expect((await pollTrackers(testApp().ctx)).unanswered).toContain(aliceLabel.id);
    } finally {
      fake().failNext(0);
    }
    expect((await pollTrackers(testApp().ctx)).checked).toContain(aliceLabel.id);
    expect(await labelRow(testApp(), aliceLabel.id)).toMatchObject({ status: 'in_transit' });
  });
});

async function labelRow(testApp: TestApp, id: number) {
  const [row] = await testApp.ctx.db.select().from(shippingLabels).where(eq(shippingLabels.id, id));
  return row!;
}
