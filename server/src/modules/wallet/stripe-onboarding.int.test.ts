import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FAKE_STRIPE_ENV, useFakeStripe } from '../../../test/fake-stripe';
import { signIn, useTestApp, type TestClient } from '../../../test/test-app';
import { wallets } from '../../db/schema/index';
import { connectApiFor, replaceConnectApi, type StripeConnectApi } from './stripe-connect-api';
import { insertWalletMovement } from './wallet.repository';

const WEBHOOK_SECRET = 'whsec_test_platform_secret';
/** A Connect endpoint's own signing secret (the connected accounts' events). */
const CONNECT_WEBHOOK_SECRET = 'whsec_test_connect_secret';

/**
 * Issue #42, with Stripe keys: a withdrawal goes to the member's Stripe Connect (Express) account,
 * connected through Stripe's onboarding pages (the real SDK against the stand-in Stripe).
 */
describe('connecting the Stripe account withdrawals go to', () => {
  const testApp = useTestApp({ ...FAKE_STRIPE_ENV, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_WEBHOOK_SECRET });
  const stripe = useFakeStripe(testApp);
  let counter = 0;

  async function memberWithBalance(cents: number) {
    const { app, ctx } = testApp();
    const name = `connect${(counter += 1)}`;
    const member = await signIn(app, { email: `${name}@example.com`, username: name });
    await ctx.db.transaction((tx) =>
      insertWalletMovement(tx, {
        userId: member.user.id,
        kind: 'trade_cash_credit',
        amountCents: cents,
        authorizationId: 80_000 + counter,
        at: ctx.now(),
      }),
    );
    return member;
  }

  const accountOf = async (member: TestClient & { user: { id: string } }) => {
    const [row] = await testApp().ctx.db.select().from(wallets).where(eq(wallets.userId, member.user.id));
    return { connectAccountId: row?.connectAccountId ?? null, payoutAccountId: row?.payoutAccountId ?? null };
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
  const accountUpdated = (id: string, accountId: string) => ({
    id,
    object: 'event',
    type: 'account.updated',
    data: { object: { id: accountId, object: 'account' } },
  });

  it('makes one Express account per member, sends them to Stripe, and pays withdrawals to it only once Stripe says it can be paid', async () => {
    const ada = await memberWithBalance(5000);
    expect((await ada.get('/api/wallet/payout-destination')).body).toEqual({
      provider: 'stripe',
      destination: null,
      stripeOnboarding: 'not_started',
    });

    const started = await ada.post('/api/wallet/payout-destination/stripe-onboarding', {});
    expect(started.status).toBe(200);
    const { connectAccountId } = await accountOf(ada);
    expect(connectAccountId).toMatch(/^acct_fake_/);
    expect(started.body.url).toContain(connectAccountId);
    const made = stripe()
      .done('POST', '/v1/accounts')
      .filter((r) => r.params['metadata[memberId]'] === ada.user.id);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      idempotencyKey: `soleswap-connect-account-${ada.user.id}`,
      params: { type: 'express', 'capabilities[transfers][requested]': 'true' },
    });
    const link = stripe().done('POST', '/v1/account_links').at(-1)!;
    expect(link.params).toMatchObject({
      account: connectAccountId,
      return_url: `${testApp().ctx.env.APP_ORIGIN}/wallet?stripe=return`,
      refresh_url: `${testApp().ctx.env.APP_ORIGIN}/wallet?stripe=refresh`,
    });

    // Pressed again (the link expired, or the first answer was lost): the same account, a new link.
    const again = await ada.post('/api/wallet/payout-destination/stripe-onboarding', {});
    expect(again.status).toBe(200);
    expect(again.body.url).not.toBe(started.body.url);
    expect((await accountOf(ada)).connectAccountId).toBe(connectAccountId);
    expect(
      stripe()
        .done('POST', '/v1/accounts')
        .filter((r) => r.params['metadata[memberId]'] === ada.user.id),
    ).toHaveLength(1);

    // Back from Stripe before finishing its pages: not connected, and a withdrawal has nowhere to go.
    expect((await ada.get('/api/wallet/payout-destination')).body).toEqual({ provider: 'stripe', destination: null, stripeOnboarding: 'pending' });
    const refused = await ada.post('/api/wallet/withdrawals', { amountCents: 1000 });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('PAYOUT_ACCOUNT_MISSING');
    expect(stripe().transfers.filter((t) => t.destination === connectAccountId)).toEqual([]);

    stripe().finishOnboarding(connectAccountId!);
    expect((await ada.get('/api/wallet/payout-destination')).body).toEqual({ provider: 'stripe', destination: { kind: 'stripe_account' } });
    expect((await accountOf(ada)).payoutAccountId).toBe(connectAccountId);
    const paid = await ada.post('/api/wallet/withdrawals', { amountCents: 1000 });
    expect(paid.status).toBe(201);
    expect(paid.body.status).toBe('paid');
    expect(
      stripe()
        .transfers.filter((t) => t.destination === connectAccountId)
        .map((t) => t.amount),
    ).toEqual([1000]);
  });

  it('gives no bank account form with Stripe keys', async () => {
    const bo = await memberWithBalance(100);
    const res = await bo.put('/api/wallet/payout-destination', {
      holderName: 'Bo Member',
      routingNumber: '110000000',
      accountNumber: '000123456789',
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('CONFLICT');
  });

  it("records the account connected on Stripe's signed account.updated, and refuses a forged one", async () => {
    const cy = await memberWithBalance(3000);
    await cy.post('/api/wallet/payout-destination/stripe-onboarding', {});
    const { connectAccountId } = await accountOf(cy);
    stripe().finishOnboarding(connectAccountId!);

    const forged = await deliver(accountUpdated('evt_forged_account', connectAccountId!), 'whsec_someone_else');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('WEBHOOK_INVALID');
    const unsigned = await testApp().app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload: JSON.stringify(accountUpdated('evt_unsigned_account', connectAccountId!)),
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await accountOf(cy)).payoutAccountId).toBeNull();

    const signed = await deliver(accountUpdated('evt_account_1', connectAccountId!));
    expect(signed.statusCode).toBe(200);
    expect(signed.json()).toEqual({ received: true, outcome: 'applied' });
    expect((await accountOf(cy)).payoutAccountId).toBe(connectAccountId);
    // The account was read from Stripe, not taken from the event's body.
    expect(stripe().requests.filter((r) => r.method === 'GET' && r.path === `/v1/accounts/${connectAccountId}`)).toHaveLength(1);

    const paid = await cy.post('/api/wallet/withdrawals', { amountCents: 500 });
    expect(paid.body.status).toBe('paid');
    expect(
      stripe()
        .transfers.filter((t) => t.destination === connectAccountId)
        .map((t) => t.amount),
    ).toEqual([500]);
  });

  it("takes account.updated signed by a Connect endpoint's own secret (STRIPE_CONNECT_WEBHOOK_SECRET)", async () => {
    const gil = await memberWithBalance(1000);
    await gil.post('/api/wallet/payout-destination/stripe-onboarding', {});
    const { connectAccountId } = await accountOf(gil);
    stripe().finishOnboarding(connectAccountId!);
    const signed = await deliver(accountUpdated('evt_account_connect', connectAccountId!), CONNECT_WEBHOOK_SECRET);
    expect(signed.json()).toEqual({ received: true, outcome: 'applied' });
    expect((await accountOf(gil)).payoutAccountId).toBe(connectAccountId);
  });

  it('leaves an account Stripe cannot pay yet unconnected on account.updated', async () => {
    const di = await memberWithBalance(1000);
    await di.post('/api/wallet/payout-destination/stripe-onboarding', {});
    const { connectAccountId } = await accountOf(di);
    const signed = await deliver(accountUpdated('evt_account_2', connectAccountId!));
    expect(signed.json()).toEqual({ received: true, outcome: 'unchanged' });
    expect((await accountOf(di)).payoutAccountId).toBeNull();
  });

  it("makes the account with no transaction open: the member's wallet is written while Stripe has not answered", async () => {
    const { ctx } = testApp();
    const fay = await memberWithBalance(1000);
    const stripeItself = connectApiFor(ctx)!;
    let entered!: () => void;
    let answer!: () => void;
    const called = new Promise<void>((resolve) => (entered = resolve));
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const slow: StripeConnectApi = {
      createAccount: async (input, key) => {
        entered();
        await answered;
        return stripeItself.createAccount(input, key);
      },
      createAccountLink: (input) => stripeItself.createAccountLink(input),
      retrieveAccount: (id) => stripeItself.retrieveAccount(id),
      parseAccountWebhook: (body, signature) => stripeItself.parseAccountWebhook(body, signature),
    };
    replaceConnectApi(ctx, slow);
    try {
      const starting = fay.post('/api/wallet/payout-destination/stripe-onboarding', {});
      await called;
      // Stripe is let go after a while, so a lock held across the call fails on the order instead of hanging.
      let stripeLetGo = false;
      const fallback = setTimeout(() => {
        stripeLetGo = true;
        answer();
      }, 5_000);
      await ctx.db.transaction((tx) =>
        insertWalletMovement(tx, { userId: fay.user.id, kind: 'trade_cash_credit', amountCents: 200, authorizationId: 89_999, at: ctx.now() }),
      );
      const writtenWhileStripeHung = !stripeLetGo;
      clearTimeout(fallback);
      answer();
      expect(writtenWhileStripeHung).toBe(true);
      expect((await starting).status).toBe(200);
      expect((await accountOf(fay)).connectAccountId).toMatch(/^acct_fake_/);
      expect((await fay.get('/api/wallet')).body.balanceCents).toBe(1200);
    } finally {
      replaceConnectApi(ctx, null);
    }
  });

  it('answers 502 and keeps no account when Stripe is down, and makes it on the retry', async () => {
    const ed = await memberWithBalance(1000);
    stripe().failNext(1);
    const down = await ed.post('/api/wallet/payout-destination/stripe-onboarding', {});
    expect(down.status).toBe(502);
    expect(down.body.code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    expect((await accountOf(ed)).connectAccountId).toBeNull();
    const retried = await ed.post('/api/wallet/payout-destination/stripe-onboarding', {});
    expect(retried.status).toBe(200);
    expect((await accountOf(ed)).connectAccountId).toMatch(/^acct_fake_/);
  });
});
