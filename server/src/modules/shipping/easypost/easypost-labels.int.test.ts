import { beforeAll, describe, expect, it } from 'vitest';
import { detectTracking } from '@soleswap/contracts/tracking-numbers';
import { FAKE_EASYPOST_ENV, useFakeEasyPost } from '../../../../test/fake-easypost';
import { drawnText } from '../../../../test/pdf-text';
import { useTestApp, type TestClient } from '../../../../test/test-app';
import { chooseShipTos, memberWithSneakers, proposal } from '../../trades/trades.int-helpers';
import type { ShippingProvider } from '../shipping-provider';
import { replaceShippingProvider, sandboxShippingProvider, shippingProviderFor } from '../shipping-providers';

/** A trade side's label bought through EasyPost (the real SDK against the stand-in), on both databases (docs/rules/shipping.md#easypost). */
describe('a trade label bought through EasyPost, against the stand-in EasyPost', () => {
  const testApp = useTestApp({ ...FAKE_EASYPOST_ENV });
  const fake = useFakeEasyPost(testApp);
  let easypost: ShippingProvider;
  beforeAll(() => {
    easypost = shippingProviderFor(testApp().ctx);
  });

  /** An accepted trade, both ship-tos chosen (saved through the sandbox: the stand-in would suggest ZIP+4 for the helper's address). */
  async function tradeReadyToShip() {
    const { env } = testApp().ctx;
    replaceShippingProvider(env, sandboxShippingProvider);
    try {
      const alice = await memberWithSneakers(testApp(), 'alice', 1);
      const bob = await memberWithSneakers(testApp(), 'bob', 1);
      const tradeId = (await alice.post('/api/trades', proposal(alice, bob))).body.id as number;
      expect((await bob.post(`/api/trades/${tradeId}/accept`)).status).toBe(200);
      await chooseShipTos(tradeId, alice, bob);
      return { alice, bob, tradeId };
    } finally {
      replaceShippingProvider(env, () => easypost);
    }
  }

  const buy = (member: TestClient, tradeId: number, key: string) =>
    member.post(`/api/trades/${tradeId}/label`, { preset: 'one-pair', carrier: 'usps' }, { 'idempotency-key': key });

  it('buys the label at EasyPost: its tracking number on the leg, EasyPost’s PDF printed with the packing slip', async () => {
    const { alice, tradeId } = await tradeReadyToShip();
    const bought = await buy(alice, tradeId, `ep-label-${tradeId}`);
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    expect(bought.body).toMatchObject({ carrier: 'usps', status: 'pre_transit', legKey: `${tradeId}:proposer` });
    expect(detectTracking(bought.body.trackingNumber)?.carrier).toBe('usps');
    const shipment = [...fake().shipments.values()].find((s) => s.tracking_code === bought.body.trackingNumber)!;
    expect(shipment.to_address).toMatchObject({ street1: '1 Main St', city: 'Austin', zip: '78701', country: 'US' });
    expect(
      fake()
        .purchases()
        .filter((r) => r.path === `/v2/shipments/${shipment.id}/buy`),
    ).toHaveLength(1);

    const pdf = await testApp().app.inject({ method: 'GET', url: `/api/trades/${tradeId}/label.pdf`, headers: { cookie: alice.cookie! } });
    expect(pdf.statusCode).toBe(200);
    const text = drawnText(pdf.rawPayload);
    expect(text).toContain(`TRACKING # ${bought.body.trackingNumber}`);
    expect(text).toContain(`Trade #${tradeId}`);
  });

  it('an EasyPost outage is 502 with nothing bought, and the retry under the same key buys one label', async () => {
    const { bob, tradeId } = await tradeReadyToShip();
    const before = fake().purchases().length;
    fake().failNext(1, { path: /\/buy$/ });
    const down = await buy(bob, tradeId, `ep-outage-${tradeId}`);
    expect(down.status, JSON.stringify(down.body)).toBe(502);
    expect(down.body.code).toBe('SHIPPING_PROVIDER_UNAVAILABLE');
    expect(fake().purchases().length).toBe(before);

    const retried = await buy(bob, tradeId, `ep-outage-${tradeId}`);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    const again = await buy(bob, tradeId, `ep-outage-${tradeId}`);
    expect(again.body.trackingNumber).toBe(retried.body.trackingNumber);
    expect(fake().purchases().length).toBe(before + 1);
  });

  it('a purchase whose answer EasyPost lost (past the timeout) is answered by the retry with that label, not a second one', async () => {
    const { alice, tradeId } = await tradeReadyToShip();
    const before = fake().purchases().length;
    fake().failNext(1, { mode: 'lost', delayMs: 3_000, path: /\/buy$/ });
    const lost = await buy(alice, tradeId, `ep-lost-${tradeId}`);
    expect(lost.status, JSON.stringify(lost.body)).toBe(502);
    expect(fake().purchases().length).toBe(before + 1);

    const retried = await buy(alice, tradeId, `ep-lost-${tradeId}`);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(fake().purchases().length).toBe(before + 1);
    const shipment = [...fake().shipments.values()].find((s) => s.tracking_code === retried.body.trackingNumber);
    expect(shipment).toBeDefined();
  });
});
