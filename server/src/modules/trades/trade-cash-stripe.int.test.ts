import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cashAuthorizations, escrowLocks } from '../../db/schema/index';
import { FAKE_STRIPE_ENV, useFakeStripe } from '../../../test/fake-stripe';
import { useTestApp } from '../../../test/test-app';
import { moneyCallKey } from '../wallet/money.machine';
import { JOB_HANDLERS } from '../register-jobs';
import { shipAndReceive, expectLedgerValidAfterAll, memberWithSneakers, proposal } from './trades.int-helpers';
import { moneyViolations } from './protection-holds.int-helpers';

const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expMonth: '12', expYear: '2040', cvc: '123' };
const DECLINED_CARD = { ...GOOD_CARD, cardNumber: '4000 0000 0000 0002' };
const MASTERCARD = { ...GOOD_CARD, cardNumber: '5555 5555 5555 4444' };

/** Cash in trades on Stripe (manual capture), the real SDK talking to a stand-in Stripe on this machine. */
describe('cash in trades (Stripe provider, offline)', () => {
  const WEBHOOK_SECRET = 'whsec_test_trade_cash';
  const testApp = useTestApp({ ...FAKE_STRIPE_ENV, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
  const stripe = useFakeStripe(testApp);
  expectLedgerValidAfterAll(testApp);

  const db = () => testApp().ctx.db;
  const authorizationsOf = (tradeId: number) => db().select().from(cashAuthorizations).where(eq(cashAuthorizations.tradeId, tradeId));
  const settled = () => testApp().ctx.events.idle();
  /** What Stripe was asked to do for one authorization, by call, in order (replays and failures included). */
  const callsFor = (authorizationId: number) =>
    stripe()
      .requests.filter((r) => r.idempotencyKey?.endsWith(`-auth-${authorizationId}`))
      .map((r) => [r.path.replace(/pi_fake_\w+/, ':id'), r.idempotencyKey, r.outcome]);

  async function pair() {
    return { alice: await memberWithSneakers(testApp(), 'alice'), bob: await memberWithSneakers(testApp(), 'bob') };
  }

  /** The money invariants, each capture judged by its trade's ending (protection-holds.int-helpers.ts). */
  const expectMoneySound = async () => expect(await moneyViolations(db())).toEqual([]);

  it('proposer cash: one manual-capture PaymentIntent at acceptance, captured at completion, the receiver credited', async () => {
    const { alice, bob } = await pair();
    const proposed = await alice.post('/api/trades', { ...proposal(alice, bob), proposerCashCents: 2500, cashCard: GOOD_CARD });
    expect(proposed.status).toBe(201);
    expect(JSON.stringify(proposed.body)).not.toContain('4242');
    expect(stripe().creates()).toHaveLength(0);

    const key = { 'idempotency-key': `accept-${proposed.body.id}` };
    expect((await bob.post(`/api/trades/${proposed.body.id}/accept`, {}, key)).status).toBe(200);
    // The same acceptance again (a double click, a retry) is answered from its key: Stripe is not asked again.
    expect((await bob.post(`/api/trades/${proposed.body.id}/accept`, {}, key)).status).toBe(200);
    const [auth] = await authorizationsOf(proposed.body.id);
    expect(auth).toMatchObject({ status: 'authorized', provider: 'stripe', providerRef: expect.stringMatching(/^pi_fake_/) });
    const creates = stripe()
      .creates()
      .filter((r) => r.idempotencyKey === moneyCallKey('authorize', auth!.id));
    expect(creates).toHaveLength(1);
    expect(creates[0]!.params).toMatchObject({
      amount: '2500',
      currency: 'usd',
      capture_method: 'manual',
      confirm: 'true',
      payment_method: 'pm_card_visa',
    });
    expect(JSON.stringify(stripe().requests)).not.toContain('4242424242424242');
    expect(stripe().intents.get(auth!.providerRef!)!.status).toBe('requires_capture');

    await shipAndReceive(proposed.body.id, alice, bob);
    await settled();
    expect((await authorizationsOf(proposed.body.id)).map((a) => a.status)).toEqual(['captured']);
    expect(stripe().intents.get(auth!.providerRef!)!.status).toBe('succeeded');
    expect((await bob.get('/api/wallet')).body).toMatchObject({ balanceCents: 2500, entries: [{ kind: 'trade_cash_credit', amountCents: 2500 }] });

    // The settle job finds nothing to do: Stripe is asked nothing more.
    await JOB_HANDLERS['trades.settle-cash']!(testApp().ctx, {});
    expect(callsFor(auth!.id)).toEqual([
      ['/v1/payment_intents', moneyCallKey('authorize', auth!.id), 'done'],
      ['/v1/payment_intents/:id/capture', moneyCallKey('capture', auth!.id), 'done'],
    ]);
    await expectMoneySound();
  });

  it('cash in a counter-offer, and receiver cash paid with a card at acceptance: each authorized once', async () => {
    const { alice, bob } = await pair();
    const proposed = await alice.post('/api/trades', proposal(alice, bob));
    const counter = await bob.post(`/api/trades/${proposed.body.id}/counter`, {
      proposerSneakerIds: [bob.sneakers[0]!.id],
      receiverSneakerIds: [alice.sneakers[0]!.id],
      proposerCashCents: 4000,
      cashCard: MASTERCARD,
    });
    expect(counter.status).toBe(201);
    expect((await alice.post(`/api/trades/${counter.body.id}/accept`)).status).toBe(200);
    const [countered] = await authorizationsOf(counter.body.id);
    expect(
      stripe()
        .creates()
        .filter((r) => r.idempotencyKey === moneyCallKey('authorize', countered!.id)),
    ).toEqual([expect.objectContaining({ params: expect.objectContaining({ amount: '4000', payment_method: 'pm_card_mastercard' }) })]);
    await shipAndReceive(counter.body.id, alice, bob);
    await settled();
    expect((await alice.get('/api/wallet')).body.balanceCents).toBe(4000);

    const { alice: cy, bob: dee } = await pair();
    const asked = await cy.post('/api/trades', { ...proposal(cy, dee), receiverCashCents: 1000 });
    expect((await dee.post(`/api/trades/${asked.body.id}/accept`, { cashCard: GOOD_CARD })).status).toBe(200);
    const [received] = await authorizationsOf(asked.body.id);
    expect(received).toMatchObject({ payerId: dee.user.id, payeeId: cy.user.id, status: 'authorized' });
    expect(callsFor(received!.id)).toEqual([['/v1/payment_intents', moneyCallKey('authorize', received!.id), 'done']]);
    await expectMoneySound();
  });

  it('a card Stripe declines fails the acceptance with 402 naming whose card it was (Stripe’s words kept on the record), and nothing locks', async () => {
    const { alice, bob } = await pair();
    const proposed = await alice.post('/api/trades', { ...proposal(alice, bob), proposerCashCents: 3000, cashCard: DECLINED_CARD });
    const refused = await bob.post(`/api/trades/${proposed.body.id}/accept`);
    expect(refused.status).toBe(402);
    expect(refused.body.code).toBe('PAYMENT_DECLINED');
    expect(refused.body.message).toContain(`${alice.user.username}'s card was declined`);
    expect((await bob.get(`/api/trades/${proposed.body.id}`)).body.status).toBe('pending');
    expect(await db().select().from(escrowLocks).where(eq(escrowLocks.tradeId, proposed.body.id))).toEqual([]);
    const [auth] = await authorizationsOf(proposed.body.id);
    expect(auth).toMatchObject({ status: 'declined', failureMessage: 'Your card was declined.' });
    expect(
      stripe()
        .creates()
        .filter((r) => r.idempotencyKey === moneyCallKey('authorize', auth!.id))[0]!.params.payment_method,
    ).toBe('pm_card_visa_chargeDeclined');
  });

  it('Stripe down: 502 with nothing locked; the retry asks under the same key and holds once', async () => {
    const { alice, bob } = await pair();
    const proposed = await alice.post('/api/trades', { ...proposal(alice, bob), proposerCashCents: 2000, cashCard: GOOD_CARD });
    stripe().failNext(1);
    const down = await bob.post(`/api/trades/${proposed.body.id}/accept`);
    expect(down.status).toBe(502);
    expect(down.body.code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    expect((await bob.get(`/api/trades/${proposed.body.id}`)).body.status).toBe('pending');
    expect(await db().select().from(escrowLocks).where(eq(escrowLocks.tradeId, proposed.body.id))).toEqual([]);

    expect((await bob.post(`/api/trades/${proposed.body.id}/accept`)).status).toBe(200);
    const [auth] = await authorizationsOf(proposed.body.id);
    expect(auth!.status).toBe('authorized');
    expect(callsFor(auth!.id)).toEqual([
      ['/v1/payment_intents', moneyCallKey('authorize', auth!.id), 'failed'],
      ['/v1/payment_intents', moneyCallKey('authorize', auth!.id), 'done'],
    ]);
  });

  it('releases the hold at Stripe (a cancelled PaymentIntent) when both sides cancel, or an acceptance fails after the hold', async () => {
    const { alice, bob } = await pair();
    const proposed = await alice.post('/api/trades', { ...proposal(alice, bob), proposerCashCents: 1500, cashCard: GOOD_CARD });
    await bob.post(`/api/trades/${proposed.body.id}/accept`);
    for (const side of [alice, bob]) expect((await side.post(`/api/trades/${proposed.body.id}/cancel`)).status).toBe(200);
    await settled();
    const [auth] = await authorizationsOf(proposed.body.id);
    expect(auth!.status).toBe('released');
    expect(stripe().intents.get(auth!.providerRef!)!.status).toBe('canceled');
    expect(callsFor(auth!.id).map(([path, key]) => [path, key])).toEqual([
      ['/v1/payment_intents', moneyCallKey('authorize', auth!.id)],
      ['/v1/payment_intents/:id/cancel', moneyCallKey('release', auth!.id)],
    ]);
    expect((await bob.get('/api/wallet')).body.balanceCents).toBe(0);

    // Bob's pair goes into another trade first: his acceptance of the cash trade fails after the hold, which is released.
    const { alice: cy, bob: dee } = await pair();
    const withCash = await cy.post('/api/trades', { ...proposal(cy, dee), proposerCashCents: 1000, cashCard: GOOD_CARD });
    const other = await memberWithSneakers(testApp(), 'eve');
    const first = await other.post('/api/trades', proposal(other, dee));
    expect((await dee.post(`/api/trades/${first.body.id}/accept`)).status).toBe(200);
    const failed = await dee.post(`/api/trades/${withCash.body.id}/accept`);
    expect(failed.status).toBe(409);
    expect(failed.body.code).toBe('SNEAKER_LOCKED');
    expect((await dee.get(`/api/trades/${withCash.body.id}`)).body.status).toBe('pending');
    const [hold] = await authorizationsOf(withCash.body.id);
    expect(hold!.status).toBe('released');
    expect(stripe().intents.get(hold!.providerRef!)!.status).toBe('canceled');
    expect(callsFor(hold!.id).map(([path]) => path)).toEqual(['/v1/payment_intents', '/v1/payment_intents/:id/cancel']);
    await expectMoneySound();
  });

  it('a dispute resolved against the payer captures at Stripe; one resolved as cancelled releases', async () => {
    const admin = await memberWithSneakers(testApp(), 'admin', 0, 'admin');
    for (const [outcome, status, intentStatus] of [
      ['completed', 'captured', 'succeeded'],
      ['cancelled', 'released', 'canceled'],
    ] as const) {
      const { alice, bob } = await pair();
      const proposed = await alice.post('/api/trades', { ...proposal(alice, bob), proposerCashCents: 2000, cashCard: GOOD_CARD });
      await bob.post(`/api/trades/${proposed.body.id}/accept`);
      expect((await alice.post(`/api/trades/${proposed.body.id}/dispute`, { reason: 'The box never arrived' })).status).toBe(200);
      expect((await admin.post(`/api/trades/${proposed.body.id}/resolve`, { outcome })).status).toBe(200);
      await settled();
      const [auth] = await authorizationsOf(proposed.body.id);
      expect(auth!.status).toBe(status);
      expect(stripe().intents.get(auth!.providerRef!)!.status).toBe(intentStatus);
    }
    await expectMoneySound();
  });

  it('acknowledges Stripe’s webhooks about a trade’s PaymentIntent and changes nothing with them (they are no membership)', async () => {
    const { alice, bob } = await pair();
    const proposed = await alice.post('/api/trades', { ...proposal(alice, bob), proposerCashCents: 1000, cashCard: GOOD_CARD });
    await bob.post(`/api/trades/${proposed.body.id}/accept`);
    const [auth] = await authorizationsOf(proposed.body.id);
    for (const [id, type] of [
      ['evt_cash_capturable', 'payment_intent.amount_capturable_updated'],
      ['evt_cash_succeeded', 'payment_intent.succeeded'],
      ['evt_cash_canceled', 'payment_intent.canceled'],
    ]) {
      const payload = JSON.stringify({ id, object: 'event', type, data: { object: { id: auth!.providerRef, object: 'payment_intent' } } });
      const delivered = await testApp().app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        payload,
        headers: {
          'content-type': 'application/json',
          'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
        },
      });
      expect(delivered.statusCode).toBe(200);
      expect(delivered.json().received).toBe(true);
    }
    expect((await authorizationsOf(proposed.body.id)).map((a) => a.status)).toEqual(['authorized']);
    expect((await bob.get(`/api/trades/${proposed.body.id}`)).body.status).toBe('accepted');
    expect((await alice.get('/api/auth/user')).body.isPremiumMember).toBe(false);
  });
});
