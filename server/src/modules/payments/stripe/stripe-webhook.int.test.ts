import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentWebhookEvents, payments } from '../../../db/schema/index';
import { signIn, useTestApp } from '../../../../test/test-app';
import { replaceMoneyProvider } from '../payment-providers';
import type { StripeApi } from './stripe-api';
import { stripeForTests } from '../money-providers.int-helpers';

const WEBHOOK_SECRET = 'whsec_test_membership_secret';

/** Stripe's side, in memory: this machine cannot reach Stripe, and no test should. */
class FakeStripeApi implements StripeApi {
  intents = new Map<string, Stripe.PaymentIntent>();
  refunds: string[] = [];
  #n = 0;

  async createCustomer() {
    return `cus_test_${(this.#n += 1)}`;
  }
  async createSubscription(input: { priceCents: number; memberId: string }) {
    const id = `pi_test_${(this.#n += 1)}`;
    this.intents.set(id, {
      id,
      object: 'payment_intent',
      status: 'requires_payment_method',
      amount: input.priceCents,
      metadata: { memberId: input.memberId },
      latest_charge: null,
      last_payment_error: null,
    } as unknown as Stripe.PaymentIntent);
    return { subscriptionId: `sub_test_${this.#n}`, paymentIntentId: id, clientSecret: `${id}_secret_abc` };
  }
  async retrievePaymentIntent(id: string) {
    const intent = this.intents.get(id);
    if (!intent) throw new Error('no such intent');
    return intent;
  }
  async refundPaymentIntent(id: string) {
    this.refunds.push(id);
  }
  async cancelPaymentIntent(id: string) {
    this.intents.get(id)!.status = 'canceled';
  }
  /** What Stripe does when the card element confirms in the browser. */
  pay(id: string) {
    this.intents.get(id)!.status = 'succeeded';
  }
}

describe('Stripe webhooks (signed offline with the SDK test helper)', () => {
  const testApp = useTestApp({
    STRIPE_SECRET_KEY: 'sk_test_fake',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_fake1234567',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  });
  const api = new FakeStripeApi();
  const useFakeStripe = () => {
    const provider = stripeForTests({ api, webhookSecret: WEBHOOK_SECRET });
    replaceMoneyProvider(testApp().ctx.env, () => provider);
  };

  function deliver(event: object, secret = WEBHOOK_SECRET) {
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    return testApp().app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
  }

  const succeeded = (eventId: string, paymentIntentId: string) => ({
    id: eventId,
    object: 'event',
    type: 'payment_intent.succeeded',
    data: { object: { id: paymentIntentId, object: 'payment_intent', status: 'succeeded' } },
  });

  it('publishes the Stripe key and mode in the config', async () => {
    useFakeStripe();
    const config = (await (await signIn(testApp().app, { email: 'cfg@example.com' })).get('/api/payments/config')).body;
    expect(config).toMatchObject({ provider: 'stripe', isTestMode: true, publishableKey: 'pk_test_fake1234567', testCards: [] });
  });

  it('makes the member premium on a signed success, once, however often it is delivered', async () => {
    useFakeStripe();
    const ann = await signIn(testApp().app, { email: 'ann@example.com' });
    const created = await ann.post('/api/create-membership-payment');
    expect(created.body).toMatchObject({ clientSecret: expect.stringContaining('_secret_'), paymentIntentId: expect.stringMatching(/^pi_test_/) });
    const { paymentIntentId } = created.body;

    const first = await deliver(succeeded('evt_1', paymentIntentId));
    expect(first.json()).toEqual({ received: true, outcome: 'applied' });
    expect((await ann.get('/api/auth/user')).body.isPremiumMember).toBe(true);
    const paidAt = (await testApp().ctx.db.select().from(payments).where(eq(payments.providerPaymentId, paymentIntentId)))[0]!.paidAt;

    const replay = await deliver(succeeded('evt_1', paymentIntentId));
    expect(replay.json()).toEqual({ received: true, outcome: 'duplicate' });
    const another = await deliver(succeeded('evt_2', paymentIntentId));
    expect(another.json()).toEqual({ received: true, outcome: 'unchanged' });
    const rows = await testApp().ctx.db.select().from(payments).where(eq(payments.providerPaymentId, paymentIntentId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'succeeded', paidAt });
    expect(await testApp().ctx.db.select().from(paymentWebhookEvents)).toHaveLength(2);
  });

  it('refuses a delivery with a bad or missing signature, changing nothing', async () => {
    useFakeStripe();
    const ben = await signIn(testApp().app, { email: 'ben@example.com' });
    const { paymentIntentId } = (await ben.post('/api/create-membership-payment')).body;
    const forged = await deliver(succeeded('evt_forged', paymentIntentId), 'whsec_someone_else');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('WEBHOOK_INVALID');
    const unsigned = await testApp().app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload: JSON.stringify(succeeded('evt_x', paymentIntentId)),
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await ben.get('/api/auth/user')).body.isPremiumMember).toBe(false);
  });

  it('applies a success the server reads back from Stripe, not what the browser claims', async () => {
    useFakeStripe();
    const cat = await signIn(testApp().app, { email: 'cat@example.com' });
    const { paymentIntentId } = (await cat.post('/api/create-membership-payment')).body;
    expect((await cat.post('/api/payments/refresh', { paymentIntentId })).body.status).toBe('requires_payment_method');
    expect((await cat.get('/api/auth/user')).body.isPremiumMember).toBe(false);
    api.pay(paymentIntentId);
    expect((await cat.post('/api/payments/refresh', { paymentIntentId })).body.status).toBe('succeeded');
    expect((await cat.get('/api/auth/user')).body.isPremiumMember).toBe(true);
    // The webhook arriving afterwards reports what the server already applied.
    expect((await deliver(succeeded('evt_cat', paymentIntentId))).json().outcome).toBe('unchanged');
    expect((await cat.get('/api/payments')).body.payments).toHaveLength(1);
  });

  it('refunds through Stripe and ends premium when Stripe reports a refund', async () => {
    useFakeStripe();
    const dan = await signIn(testApp().app, { email: 'dan@example.com' });
    const { paymentIntentId } = (await dan.post('/api/create-membership-payment')).body;
    await deliver(succeeded('evt_dan', paymentIntentId));
    const refund = await dan.post('/api/membership/refund');
    expect(refund.status).toBe(200);
    expect(api.refunds).toContain(paymentIntentId);
    expect((await dan.get('/api/auth/user')).body.isPremiumMember).toBe(false);

    const eve = await signIn(testApp().app, { email: 'eve@example.com' });
    const eveIntent = (await eve.post('/api/create-membership-payment')).body.paymentIntentId;
    await deliver(succeeded('evt_eve', eveIntent));
    const refunded = await deliver({
      id: 'evt_eve_refund',
      object: 'event',
      type: 'charge.refunded',
      data: { object: { id: 'ch_1', object: 'charge', refunded: true, payment_intent: eveIntent } },
    });
    expect(refunded.json().outcome).toBe('applied');
    expect((await eve.get('/api/auth/user')).body.isPremiumMember).toBe(false);
  });

  it('has no sandbox card form when Stripe takes the cards', async () => {
    useFakeStripe();
    const fay = await signIn(testApp().app, { email: 'fay@example.com' });
    const { paymentIntentId } = (await fay.post('/api/create-membership-payment')).body;
    const res = await fay.post('/api/payments/sandbox/confirm', {
      paymentIntentId,
      cardNumber: '4242424242424242',
      expMonth: '12',
      expYear: '2040',
      cvc: '123',
    });
    expect(res.status).toBe(404);
    expect((await fay.get('/api/auth/user')).body.isPremiumMember).toBe(false);
  });
});
