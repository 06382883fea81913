import { DAY_MS } from '@soleswap/contracts/time';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments, sandboxPayments, users } from '../../db/schema/index';
import { JOB_HANDLERS } from '../register-jobs';
import { TestClient, signIn, useTestApp } from '../../../test/test-app';

const card = (paymentIntentId: string, cardNumber: string) => ({ paymentIntentId, cardNumber, expMonth: '12', expYear: '2040', cvc: '123' });

describe('membership with the sandbox provider', () => {
  const testApp = useTestApp();
  let counter = 0;

  async function member(name = `m${(counter += 1)}`) {
    return signIn(testApp().app, { email: `${name}@example.com`, username: name });
  }

  async function userRow(id: string) {
    return (await testApp().ctx.db.select().from(users).where(eq(users.id, id)))[0]!;
  }

  async function paymentRows(userId: string) {
    return testApp().ctx.db.select().from(payments).where(eq(payments.userId, userId));
  }

  /** Runs `work` with the server's clock moved `days` ahead. */
  async function after<T>(days: number, work: () => Promise<T>): Promise<T> {
    const { ctx } = testApp();
    const realNow = ctx.now;
    ctx.now = () => new Date(realNow().getTime() + days * DAY_MS);
    try {
      return await work();
    } finally {
      ctx.now = realNow;
    }
  }

  async function buy(client: TestClient, cardNumber = '4242 4242 4242 4242') {
    const created = await client.post('/api/create-membership-payment');
    expect(created.status).toBe(200);
    const confirmed = await client.post('/api/payments/sandbox/confirm', card(created.body.paymentIntentId, cardNumber));
    return { paymentIntentId: created.body.paymentIntentId as string, confirmed };
  }

  it('says which provider and price are configured, to visitors too', async () => {
    const config = await new TestClient(testApp().app).get('/api/payments/config');
    expect(config.status).toBe(200);
    expect(config.body).toMatchObject({ provider: 'sandbox', isTestMode: true, priceCents: 100, priceText: '$1/month', publishableKey: null });
    expect(config.body.testCards.map((c: { number: string }) => c.number)).toContain('4242 4242 4242 4242');
  });

  it('refuses visitors with 401 on every member call', async () => {
    const visitor = new TestClient(testApp().app);
    expect((await visitor.post('/api/create-membership-payment')).status).toBe(401);
    expect((await visitor.post('/api/payments/sandbox/confirm', card('pi_sandbox_x', '4242424242424242'))).status).toBe(401);
    expect((await visitor.get('/api/membership')).status).toBe(401);
    expect((await visitor.get('/api/payments')).status).toBe(401);
    expect((await visitor.post('/api/membership/cancel')).status).toBe(401);
    expect((await visitor.post('/api/membership/refund')).status).toBe(401);
  });

  it('makes a member premium once the success card is charged, and records the payment', async () => {
    const ann = await member();
    const { confirmed, paymentIntentId } = await buy(ann);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ status: 'succeeded', paymentIntentId });
    expect((await ann.get('/api/auth/user')).body.isPremiumMember).toBe(true);
    const membership = (await ann.get('/api/membership')).body;
    expect(membership).toMatchObject({ isPremium: true, canCancel: true, canRefund: true, cancelAtPeriodEnd: false });
    expect(new Date(membership.periodEnd).getTime()).toBeGreaterThan(Date.now() + 27 * DAY_MS);
    const [row] = await paymentRows(ann.user.id);
    expect(row).toMatchObject({ provider: 'sandbox', providerPaymentId: paymentIntentId, status: 'succeeded', cardLast4: '4242', amountCents: 100 });
    const history = (await ann.get('/api/payments')).body;
    expect(history.payments).toHaveLength(1);
    expect(history.payments[0]).toMatchObject({ id: paymentIntentId, status: 'succeeded', allowedActions: ['refund'] });
  });

  it('answers a declined card with 402 and its message, records it, and leaves the member standard', async () => {
    const ben = await member();
    const { confirmed, paymentIntentId } = await buy(ben, '4000 0000 0000 0002');
    expect(confirmed.status).toBe(402);
    expect(confirmed.body).toMatchObject({ code: 'PAYMENT_DECLINED', message: 'Your card was declined.' });
    expect((await ben.get('/api/auth/user')).body.isPremiumMember).toBe(false);
    expect((await paymentRows(ben.user.id))[0]).toMatchObject({ status: 'failed', failureMessage: 'Your card was declined.' });
    // The same payment can be retried with another card.
    const retry = await ben.post('/api/payments/sandbox/confirm', card(paymentIntentId, '4242424242424242'));
    expect(retry.body.status).toBe('succeeded');
    expect((await ben.get('/api/auth/user')).body.isPremiumMember).toBe(true);
  });

  it('rejects bad card input with field messages', async () => {
    const cat = await member();
    const created = await cat.post('/api/create-membership-payment');
    const bad = await cat.post('/api/payments/sandbox/confirm', { ...card(created.body.paymentIntentId, '4242 4242 4242 4241'), cvc: '1' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toMatchObject({ cardNumber: 'Your card number is invalid' });
  });

  it('asks to confirm for the 3155 card: approve makes premium, refuse does not', async () => {
    const dan = await member();
    const first = await buy(dan, '4000 0025 0000 3155');
    expect(first.confirmed.body).toMatchObject({ status: 'requires_action' });
    expect((await dan.get('/api/auth/user')).body.isPremiumMember).toBe(false);
    const approved = await dan.post(`/api/payments/sandbox/${first.paymentIntentId}/approve`);
    expect(approved.body).toMatchObject({ status: 'succeeded' });
    expect((await dan.get('/api/auth/user')).body.isPremiumMember).toBe(true);

    const eve = await member();
    const second = await buy(eve, '4000 0025 0000 3155');
    const refused = await eve.post(`/api/payments/sandbox/${second.paymentIntentId}/refuse`);
    expect(refused.status).toBe(402);
    expect(refused.body.code).toBe('PAYMENT_DECLINED');
    expect((await eve.get('/api/auth/user')).body.isPremiumMember).toBe(false);
  });

  it('never lets a declined or refused attempt block the next one, the 3155 card included', async () => {
    const gil = await member();
    const declined = await buy(gil, '4000 0000 0000 0002');
    expect(declined.confirmed.status).toBe(402);
    // The declined payment may be retried with the card that asks for the bank's confirmation ...
    const retried = await gil.post('/api/payments/sandbox/confirm', card(declined.paymentIntentId, '4000002500003155'));
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ status: 'requires_action', failureMessage: null });
    // ... and after that step is refused, a new attempt starts a new payment instead of handing
    // back the failed one, and the same card can be used again.
    expect((await gil.post(`/api/payments/sandbox/${declined.paymentIntentId}/refuse`)).status).toBe(402);
    const next = await buy(gil, '4000 0025 0000 3155');
    expect(next.paymentIntentId).not.toBe(declined.paymentIntentId);
    expect(next.confirmed.status).toBe(200);
    expect(next.confirmed.body).toMatchObject({ status: 'requires_action', paymentIntentId: next.paymentIntentId });
    expect((await gil.post(`/api/payments/sandbox/${next.paymentIntentId}/approve`)).body).toMatchObject({ status: 'succeeded' });
    expect((await gil.get('/api/auth/user')).body.isPremiumMember).toBe(true);
    const statuses = (await paymentRows(gil.user.id)).map((row) => [row.providerPaymentId, row.status] as const);
    expect(new Map(statuses)).toEqual(
      new Map([
        [declined.paymentIntentId, 'failed'],
        [next.paymentIntentId, 'succeeded'],
      ]),
    );
  });

  it('refuses a stale bank step (paid in another tab, or a newer payment under way) with 409 before any charge', async () => {
    const { ctx } = testApp();
    const sandboxRow = async (id: string) => (await ctx.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id)))[0]!;

    // Tab A waits for the bank; tab B pays with another card.
    const hal = await member();
    const tabA = await buy(hal, '4000 0025 0000 3155');
    expect(tabA.confirmed.body.status).toBe('requires_action');
    const tabB = await buy(hal, '4242 4242 4242 4242');
    expect(tabB.paymentIntentId).not.toBe(tabA.paymentIntentId);
    expect(tabB.confirmed.body.status).toBe('succeeded');
    const periodEnd = (await userRow(hal.user.id)).membershipPeriodEnd;

    const stale = await hal.post(`/api/payments/sandbox/${tabA.paymentIntentId}/approve`);
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'ALREADY_PREMIUM', message: expect.stringMatching(/already a premium member/) });
    // Nothing was charged, so nothing was refunded: both sides still wait for the bank.
    expect(await sandboxRow(tabA.paymentIntentId)).toMatchObject({ status: 'requires_action' });
    const rowA = (await paymentRows(hal.user.id)).find((row) => row.providerPaymentId === tabA.paymentIntentId)!;
    expect(rowA).toMatchObject({ status: 'requires_action', paidAt: null, refundedAt: null });
    expect((await userRow(hal.user.id)).membershipPeriodEnd).toEqual(periodEnd);

    // A newer payment under way (not paid yet) makes the older step stale as well.
    const ida = await member();
    const older = await buy(ida, '4000 0025 0000 3155');
    const newer = await buy(ida, '4000 0025 0000 3155');
    expect(newer.confirmed.body.status).toBe('requires_action');
    const superseded = await ida.post(`/api/payments/sandbox/${older.paymentIntentId}/approve`);
    expect(superseded.status).toBe(409);
    expect(superseded.body).toMatchObject({ code: 'PAYMENT_INVALID_TRANSITION', message: expect.stringMatching(/newer payment replaced this one/) });
    expect(await sandboxRow(older.paymentIntentId)).toMatchObject({ status: 'requires_action' });
    expect((await ida.get('/api/auth/user')).body.isPremiumMember).toBe(false);
    expect((await ida.post(`/api/payments/sandbox/${newer.paymentIntentId}/approve`)).body).toMatchObject({ status: 'succeeded' });
    expect((await paymentRows(ida.user.id)).filter((row) => row.status === 'refunded')).toEqual([]);
  });

  it('changes nothing twice for a replayed confirmation, with or without an Idempotency-Key', async () => {
    const fay = await member();
    const created = await fay.post('/api/create-membership-payment');
    const body = card(created.body.paymentIntentId, '4242424242424242');
    const key = { 'idempotency-key': 'confirm-fay-1' };
    const first = await fay.post('/api/payments/sandbox/confirm', body, key);
    const periodEnd = (await userRow(fay.user.id)).membershipPeriodEnd;
    const replayed = await fay.post('/api/payments/sandbox/confirm', body, key);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.body).toEqual(first.body);
    const retried = await after(1, () => fay.post('/api/payments/sandbox/confirm', body));
    expect(retried.body.status).toBe('succeeded');
    expect((await userRow(fay.user.id)).membershipPeriodEnd).toEqual(periodEnd);
    const rows = await paymentRows(fay.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe('succeeded');
  });

  it('never charges a premium member again for the period (409, nothing created)', async () => {
    const gus = await member();
    await buy(gus);
    const again = await gus.post('/api/create-membership-payment');
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('ALREADY_PREMIUM');
    expect(again.body.message).toMatch(/already a premium member until .*not be charged again/);
    expect(await paymentRows(gus.user.id)).toHaveLength(1);
  });

  it('keeps premium after cancelling until the period ends, then the job lapses it', async () => {
    const ida = await member();
    await buy(ida);
    const cancelled = await ida.post('/api/membership/cancel');
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ isPremium: true, cancelAtPeriodEnd: true, canCancel: false });
    expect((await ida.post('/api/membership/cancel')).body.code).toBe('ALREADY_CANCELED');
    const lapse = JOB_HANDLERS['payments.lapse-memberships']!;
    await after(20, () => lapse(testApp().ctx, {}));
    expect((await ida.get('/api/auth/user')).body.isPremiumMember).toBe(true);
    await after(32, () => lapse(testApp().ctx, {}));
    expect((await ida.get('/api/auth/user')).body.isPremiumMember).toBe(false);
    expect((await after(32, () => ida.get('/api/membership'))).body).toMatchObject({ isPremium: false, canCancel: false });
    // The period is over: the member may buy the next one.
    expect((await after(32, () => ida.post('/api/create-membership-payment'))).status).toBe(200);
  });

  it('refunds the first payment within 30 days, ending premium at once and recording the refund', async () => {
    const jon = await member();
    const { paymentIntentId } = await buy(jon);
    const refunded = await after(29, () => jon.post('/api/membership/refund'));
    expect(refunded.status).toBe(200);
    expect(refunded.body).toMatchObject({ isPremium: false, canRefund: false });
    expect((await jon.get('/api/auth/user')).body.isPremiumMember).toBe(false);
    const [row] = await paymentRows(jon.user.id);
    expect(row).toMatchObject({ providerPaymentId: paymentIntentId, status: 'refunded' });
    expect(row!.refundedAt).not.toBeNull();
    expect((await jon.get('/api/payments')).body.payments[0]).toMatchObject({ status: 'refunded' });
    expect((await jon.post('/api/membership/refund')).body.code).toBe('REFUND_NOT_ELIGIBLE');
  });

  it('refuses a refund after 30 days and keeps premium', async () => {
    const kim = await member();
    await buy(kim);
    const late = await after(31, () => kim.post('/api/membership/refund'));
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('REFUND_NOT_ELIGIBLE');
    expect((await paymentRows(kim.user.id))[0]!.status).toBe('succeeded');
    expect((await kim.get('/api/membership')).body).toMatchObject({ isPremium: true, canRefund: true });
    expect((await after(31, () => kim.get('/api/membership'))).body.canRefund).toBe(false);
  });

  it('lets no request from the client alone make a member premium', async () => {
    const lea = await member();
    // The profile edit takes username, bio and picture only; anything else is refused whole.
    const patched = await lea.request('PATCH', '/api/auth/user', { isPremiumMember: true, membershipPaidAt: new Date().toISOString() });
    expect(patched.status).toBe(400);
    const forced = await lea.post('/api/debug/force-auth', { email: 'lea-x@example.com', isPremiumMember: true });
    expect(forced.status).toBe(400);
    const created = await lea.post('/api/create-membership-payment', { isPremiumMember: true, status: 'succeeded' });
    expect(created.status).toBe(200);
    const refreshed = await lea.post('/api/payments/refresh', { paymentIntentId: created.body.paymentIntentId });
    expect(refreshed.body.status).toBe('requires_payment_method');
    const smuggled = await lea.post('/api/payments/sandbox/confirm', {
      ...card(created.body.paymentIntentId, '4000000000000002'),
      status: 'succeeded',
    });
    expect(smuggled.status).toBe(400);
    expect((await lea.post('/api/payments/sandbox/pi_sandbox_nope/approve')).status).toBe(404);
    expect((await lea.post(`/api/payments/sandbox/${created.body.paymentIntentId}/approve`)).status).toBe(409);
    expect((await lea.get('/api/auth/user')).body.isPremiumMember).toBe(false);
    expect((await userRow(lea.user.id)).isPremiumMember).toBe(false);
  });

  it("never lets a member act on another member's payment", async () => {
    const max = await member();
    const nia = await member();
    const created = await max.post('/api/create-membership-payment');
    const stolen = await nia.post('/api/payments/sandbox/confirm', card(created.body.paymentIntentId, '4242424242424242'));
    expect(stolen.status).toBe(404);
    expect((await nia.get('/api/auth/user')).body.isPremiumMember).toBe(false);
    expect((await max.get('/api/auth/user')).body.isPremiumMember).toBe(false);
  });

  it('refuses webhooks with the sandbox provider', async () => {
    const res = await testApp().app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('WEBHOOK_INVALID');
  });
});
