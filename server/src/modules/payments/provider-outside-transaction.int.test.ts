import type Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { idempotencyKeys, payments, users } from '../../db/schema/index';
import { signIn, useTestApp } from '../../../test/test-app';
import type { TestClient } from '../../../test/test-app';
import { replaceMoneyProvider } from './payment-providers';
import type { StripeApi, WriteOptions } from './stripe/stripe-api';
import { stripeForTests } from './money-providers.int-helpers';

/** Ids unique across the file's tests, which share one database (as Stripe's are). */
let ids = 0;

type Gated = 'createSubscription' | 'retrievePaymentIntent' | 'refundPaymentIntent';

/** A call to Stripe held open until the test lets it answer. */
class Gate {
  entered!: Promise<void>;
  #enter!: () => void;
  #open!: () => void;
  opened = new Promise<void>((resolve) => (this.#open = resolve));
  constructor() {
    this.entered = new Promise<void>((resolve) => (this.#enter = resolve));
  }
  async pass() {
    this.#enter();
    await this.opened;
  }
  open() {
    this.#open();
  }
}

/** Stripe's side in memory, each call able to hang like a slow network until its gate opens. */
class SlowStripeApi implements StripeApi {
  intents = new Map<string, Stripe.PaymentIntent>();
  gates = new Map<Gated, Gate>();
  calls: Array<{ method: string; id?: string; idempotencyKey?: string }> = [];

  hold(method: Gated): Gate {
    const gate = new Gate();
    this.gates.set(method, gate);
    return gate;
  }
  async #maybeWait(method: Gated) {
    const gate = this.gates.get(method);
    if (!gate) return;
    this.gates.delete(method);
    await gate.pass();
  }
  async createCustomer(_input: unknown, options?: WriteOptions) {
    this.calls.push({ method: 'createCustomer', idempotencyKey: options?.idempotencyKey });
    return `cus_slow_${(ids += 1)}`;
  }
  async createSubscription(input: { priceCents: number; memberId: string }, options?: WriteOptions) {
    this.calls.push({ method: 'createSubscription', idempotencyKey: options?.idempotencyKey });
    await this.#maybeWait('createSubscription');
    const id = `pi_slow_${(ids += 1)}`;
    this.intents.set(id, {
      id,
      object: 'payment_intent',
      status: 'requires_payment_method',
      amount: input.priceCents,
      metadata: { memberId: input.memberId },
      latest_charge: null,
      last_payment_error: null,
    } as unknown as Stripe.PaymentIntent);
    return { subscriptionId: `sub_slow_${ids}`, paymentIntentId: id, clientSecret: `${id}_secret_abc` };
  }
  async retrievePaymentIntent(id: string) {
    await this.#maybeWait('retrievePaymentIntent');
    return this.intents.get(id)!;
  }
  async refundPaymentIntent(id: string, options?: WriteOptions) {
    this.calls.push({ method: 'refundPaymentIntent', id, idempotencyKey: options?.idempotencyKey });
    await this.#maybeWait('refundPaymentIntent');
    const intent = this.intents.get(id)!;
    intent.latest_charge = { id: 'ch_1', object: 'charge', refunded: true } as Stripe.Charge;
  }
  async cancelPaymentIntent(id: string) {
    this.intents.get(id)!.status = 'canceled';
  }
  pay(id: string) {
    this.intents.get(id)!.status = 'succeeded';
  }
}

describe('payment provider calls hold no database transaction', () => {
  const testApp = useTestApp({ STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_PUBLISHABLE_KEY: 'pk_test_fake1234567' });
  let counter = 0;

  function slowStripe() {
    const api = new SlowStripeApi();
    const provider = stripeForTests({ api });
    replaceMoneyProvider(testApp().ctx.env, () => provider);
    return api;
  }

  const member = () => signIn(testApp().app, { email: `slow${(counter += 1)}@example.com` });

  /**
   * While `gate`'s provider call hangs, the same member edits their profile (a write to the very
   * row the payment services lock). It must be answered before the provider is: on PGlite, which
   * runs one transaction at a time, that proves no transaction is open across the call; on
   * PostgreSQL, that the member's row is not locked. If the write is stuck, the provider is let
   * go after a while so the test fails on the order instead of hanging.
   */
  async function profileEditWhileProviderHangs(client: TestClient, gate: Gate, pending: Promise<unknown>) {
    await Promise.race([gate.entered, pending.then((res) => Promise.reject(new Error(`answered before calling Stripe: ${JSON.stringify(res)}`)))]);
    let providerLetGo = false;
    const fallback = setTimeout(() => {
      providerLetGo = true;
      gate.open();
    }, 5_000);
    const edit = await client.request('PATCH', '/api/auth/user', { bio: 'Jordans only' });
    const answeredWhileProviderHung = !providerLetGo;
    clearTimeout(fallback);
    gate.open();
    return { edit, answeredWhileProviderHung };
  }

  async function bioOf(id: string) {
    return (await testApp().ctx.db.select({ bio: users.bio }).from(users).where(eq(users.id, id)))[0]!.bio;
  }

  it('answers other writes while Stripe is slow to create the payment, then records the payment', async () => {
    const api = slowStripe();
    const ann = await member();
    const gate = api.hold('createSubscription');
    const creating = ann.post('/api/create-membership-payment', {}, { 'idempotency-key': 'create-1' });
    const { edit, answeredWhileProviderHung } = await profileEditWhileProviderHangs(ann, gate, creating);
    expect(answeredWhileProviderHung).toBe(true);
    expect(edit.status).toBe(200);
    const created = await creating;
    expect(created.status).toBe(200);
    expect(await bioOf(ann.user.id)).toBe('Jordans only');
    const rows = await testApp().ctx.db.select().from(payments).where(eq(payments.userId, ann.user.id));
    expect(rows.map((row) => row.providerPaymentId)).toEqual([created.body.paymentIntentId]);
    // Stripe was asked under keys naming this member's first payment, so a retry is not a second one.
    expect(api.calls.find((call) => call.method === 'createSubscription')?.idempotencyKey).toMatch(
      new RegExp(`^soleswap-membership-${ann.user.id}-0-`),
    );
  });

  it('answers other writes while Stripe is slow to say how a payment stands, then applies it', async () => {
    const api = slowStripe();
    const ben = await member();
    const { paymentIntentId } = (await ben.post('/api/create-membership-payment')).body;
    api.pay(paymentIntentId);
    const gate = api.hold('retrievePaymentIntent');
    const refreshing = ben.post('/api/payments/refresh', { paymentIntentId }, { 'idempotency-key': 'refresh-1' });
    const { edit, answeredWhileProviderHung } = await profileEditWhileProviderHangs(ben, gate, refreshing);
    expect(answeredWhileProviderHung).toBe(true);
    expect(edit.status).toBe(200);
    expect((await refreshing).body.status).toBe('succeeded');
    expect((await ben.get('/api/auth/user')).body).toMatchObject({ isPremiumMember: true, bio: 'Jordans only' });
  });

  it('answers other writes while Stripe is slow to refund, then ends premium; the refund carries its idempotency key', async () => {
    const api = slowStripe();
    const cat = await member();
    const { paymentIntentId } = (await cat.post('/api/create-membership-payment')).body;
    api.pay(paymentIntentId);
    const refreshed = await cat.post('/api/payments/refresh', { paymentIntentId });
    expect(refreshed.body).toMatchObject({ status: 'succeeded' });
    const gate = api.hold('refundPaymentIntent');
    const refunding = cat.post('/api/membership/refund', {}, { 'idempotency-key': 'refund-1' });
    const { edit, answeredWhileProviderHung } = await profileEditWhileProviderHangs(cat, gate, refunding);
    expect(answeredWhileProviderHung).toBe(true);
    expect(edit.status).toBe(200);
    expect((await refunding).status).toBe(200);
    expect((await cat.get('/api/auth/user')).body.isPremiumMember).toBe(false);
    const [row] = await testApp().ctx.db.select().from(payments).where(eq(payments.providerPaymentId, paymentIntentId));
    expect(row).toMatchObject({ status: 'refunded', refundedAt: expect.any(Date) });
    expect(api.calls.filter((call) => call.method === 'refundPaymentIntent')).toEqual([
      { method: 'refundPaymentIntent', id: paymentIntentId, idempotencyKey: `soleswap-refund-stripe-${paymentIntentId}` },
    ]);
  });

  it('keeps the Idempotency-Key promise: a duplicate meanwhile is told to retry, later ones replay, Stripe refunds once', async () => {
    const api = slowStripe();
    const dan = await member();
    const { paymentIntentId } = (await dan.post('/api/create-membership-payment')).body;
    api.pay(paymentIntentId);
    await dan.post('/api/payments/refresh', { paymentIntentId });
    const gate = api.hold('refundPaymentIntent');
    const key = { 'idempotency-key': 'refund-twice' };
    const first = dan.post('/api/membership/refund', {}, key);
    await gate.entered;
    const duplicate = await dan.post('/api/membership/refund', {}, key);
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.code).toBe('CONFLICT');
    gate.open();
    const answer = await first;
    expect(answer.status).toBe(200);
    const replay = await dan.post('/api/membership/refund', {}, key);
    expect(replay.status).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(answer.body);
    expect(api.calls.filter((call) => call.method === 'refundPaymentIntent')).toHaveLength(1);
    const [stored] = await testApp().ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'refund-twice'));
    expect(stored).toMatchObject({ statusCode: 200 });
  });

  it('releases the key when Stripe cannot be reached, so the retry with the same key runs afresh', async () => {
    const api = slowStripe();
    const eve = await member();
    api.createSubscription = async () => {
      throw new Error('connect ETIMEDOUT');
    };
    const key = { 'idempotency-key': 'create-unreachable' };
    const failed = await eve.post('/api/create-membership-payment', {}, key);
    expect(failed.status).toBe(502);
    expect(failed.body.code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    expect(await testApp().ctx.db.select().from(payments).where(eq(payments.userId, eve.user.id))).toHaveLength(0);
    delete (api as Partial<SlowStripeApi>).createSubscription;
    const retried = await eve.post('/api/create-membership-payment', {}, key);
    expect(retried.status).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
  });
});
