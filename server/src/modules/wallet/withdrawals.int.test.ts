import { DAY_MS, MINUTE_MS } from '@soleswap/contracts/time';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { withClockAhead } from '../../../test/clock';
import { FakeStripe } from '../../../test/fake-stripe';
import { TestClient, signIn, useTestApp } from '../../../test/test-app';
import { JOB_HANDLERS } from '../register-jobs';
import { eq } from 'drizzle-orm';
import { wallets } from '../../db/schema/index';
import type { PayoutResult } from '../payments/money-provider';
import { stripeForTests, stripeTestOptions } from '../payments/money-providers.int-helpers';
import { replaceMoneyProvider } from '../payments/payment-providers';
import { SandboxMoneyProvider } from '../payments/sandbox/sandbox-money-provider';
import { InMemorySandboxPaymentStore } from '../payments/sandbox/sandbox-payment-store';
import { StripeMoneyProvider } from '../payments/stripe/stripe-money-provider';
import type { StripeTransferApi } from '../payments/stripe/stripe-transfer-api';
import { insertWalletMovement } from './wallet.repository';
import { giveBankAccount } from './payout-destination.int-helpers';

/** A provider that answers what the test says, counting the calls and the keys it was asked under. */
class ScriptedPayouts extends SandboxMoneyProvider {
  readonly keys: string[] = [];
  constructor(public answer: () => Promise<PayoutResult>) {
    super({ store: new InMemorySandboxPaymentStore() });
  }
  override async payout(_input: unknown, idempotencyKey: string) {
    this.keys.push(idempotencyKey);
    return this.answer();
  }
  override async findTransfer() {
    return null;
  }
}

/** Past the five minutes after which a retry takes over the claim of a request whose process died. */
const CLAIM_ABANDONED = (6 * MINUTE_MS) / DAY_MS;

/**
 * Stripe Connect (the real SDK against the fake Stripe) in a process that dies during the first
 * withdrawal's call: before the transfer is asked for, or after Stripe made it and before its answer
 * is recorded. A dead process never answers: the call hangs, its request with it, and its key's
 * claim stays in progress. `revive` lets that stale call go on at the end, to show it does no harm.
 */
class DiesDuringFirstPayout extends StripeMoneyProvider {
  #dead = false;
  #died!: () => void;
  #revive!: () => void;
  readonly died = new Promise<void>((resolve) => (this.#died = resolve));
  readonly #revived = new Promise<void>((resolve) => (this.#revive = resolve));
  constructor(
    config: FakeStripe['config'],
    private readonly when: 'before the transfer' | 'after the transfer',
  ) {
    super(stripeTestOptions({ config }));
  }

  override async payout(input: { payoutId: number; amountCents: number; destination: string | null }, idempotencyKey: string) {
    if (this.#dead) return super.payout(input, idempotencyKey);
    this.#dead = true;
    const made = this.when === 'after the transfer' ? await super.payout(input, idempotencyKey) : null;
    this.#died();
    await this.#revived;
    return made ?? super.payout(input, idempotencyKey);
  }
  revive() {
    this.#revive();
  }
}

describe('withdrawals from the wallet', () => {
  const testApp = useTestApp();
  let counter = 0;
  afterEach(() => replaceMoneyProvider(testApp().ctx.env, null));

  async function memberWithBalance(cents: number) {
    const { app, ctx } = testApp();
    const name = `payee${(counter += 1)}`;
    const member = await signIn(app, { email: `${name}@example.com`, username: name });
    if (cents > 0) {
      await ctx.db.transaction((tx) =>
        insertWalletMovement(tx, {
          userId: member.user.id,
          kind: 'trade_cash_credit',
          amountCents: cents,
          authorizationId: 70_000 + counter,
          at: ctx.now(),
        }),
      );
    }
    // Where the money goes (issue #42): a withdrawal without a destination is refused.
    await giveBankAccount(ctx, member.user.id);
    return member;
  }

  const balanceOf = async (member: TestClient) => (await member.get('/api/wallet')).body.balanceCents as number;

  it('is for signed-in members only', async () => {
    const visitor = new TestClient(testApp().app);
    expect((await visitor.post('/api/wallet/withdrawals', { amountCents: 1000 })).status).toBe(401);
    expect((await visitor.get('/api/wallet/withdrawals')).status).toBe(401);
  });

  it('pays a withdrawal out of the balance and lists it, with a payout entry on the wallet', async () => {
    const ann = await memberWithBalance(5000);
    const paid = await ann.post('/api/wallet/withdrawals', { amountCents: 3000 }, { 'idempotency-key': 'withdraw-ann-1' });
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({ amountCents: 3000, status: 'paid', failureMessage: null });
    expect(await balanceOf(ann)).toBe(2000);
    const wallet = await ann.get('/api/wallet');
    expect(wallet.body.entries[0]).toMatchObject({ kind: 'payout', amountCents: -3000 });
    const list = await ann.get('/api/wallet/withdrawals');
    expect(list.body).toEqual({ items: [paid.body], nextCursor: null });
  });

  it('refuses a withdrawal larger than the balance with 409 INSUFFICIENT_BALANCE, and nothing moves', async () => {
    const bo = await memberWithBalance(1500);
    const refused = await bo.post('/api/wallet/withdrawals', { amountCents: 2000 });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('INSUFFICIENT_BALANCE');
    expect(await balanceOf(bo)).toBe(1500);
    expect((await bo.get('/api/wallet/withdrawals')).body.items).toEqual([]);
    const empty = await memberWithBalance(0);
    expect((await empty.post('/api/wallet/withdrawals', { amountCents: 100 })).body.code).toBe('INSUFFICIENT_BALANCE');
  });

  it('refuses an amount that is not whole cents from $1 with 400', async () => {
    const cy = await memberWithBalance(5000);
    for (const amountCents of [0, 50, 12.5, -100]) {
      const refused = await cy.post('/api/wallet/withdrawals', { amountCents });
      expect(refused.status).toBe(400);
      expect(refused.body.fields).toHaveProperty('amountCents');
    }
    expect(await balanceOf(cy)).toBe(5000);
  });

  it('withdraws once for a request retried under the same Idempotency-Key', async () => {
    const dee = await memberWithBalance(5000);
    const first = await dee.post('/api/wallet/withdrawals', { amountCents: 1000 }, { 'idempotency-key': 'withdraw-dee' });
    const again = await dee.post('/api/wallet/withdrawals', { amountCents: 1000 }, { 'idempotency-key': 'withdraw-dee' });
    expect(again.body).toEqual(first.body);
    expect(await balanceOf(dee)).toBe(4000);
    expect((await dee.get('/api/wallet/withdrawals')).body.items).toHaveLength(1);
  });

  it('gives the amount back with a payout_reversal entry when the provider refuses the payout', async () => {
    const { ctx } = testApp();
    const refusing = new ScriptedPayouts(async () => ({ providerRef: null, status: 'failed', failureMessage: 'The bank account was closed' }));
    replaceMoneyProvider(ctx.env, () => refusing);
    const eve = await memberWithBalance(4000);
    const failed = await eve.post('/api/wallet/withdrawals', { amountCents: 2500 });
    expect(failed.status).toBe(201);
    expect(failed.body).toMatchObject({ status: 'failed', failureMessage: 'The bank account was closed' });
    expect(await balanceOf(eve)).toBe(4000);
    const kinds = (await eve.get('/api/wallet')).body.entries.map((e: { kind: string; amountCents: number }) => [e.kind, e.amountCents]);
    expect(kinds).toEqual([
      ['payout_reversal', 2500],
      ['payout', -2500],
      ['trade_cash_credit', 4000],
    ]);
  });

  it('leaves a payout the provider did not answer requested, and the job pays it once under the same key', async () => {
    const { ctx } = testApp();
    const down = new ScriptedPayouts(async () => {
      throw new Error('connect ECONNREFUSED');
    });
    replaceMoneyProvider(ctx.env, () => down);
    const fay = await memberWithBalance(3000);
    const pending = await fay.post('/api/wallet/withdrawals', { amountCents: 1000 });
    expect(pending.body.status).toBe('requested');
    expect(await balanceOf(fay)).toBe(2000);

    const up = new ScriptedPayouts(async () => ({ providerRef: 'po_1', status: 'paid', failureMessage: null }));
    replaceMoneyProvider(ctx.env, () => up);
    // Within the minute the request may still be answering: the job leaves it alone.
    await JOB_HANDLERS['wallet.retry-payouts']!(ctx, {});
    expect(up.keys).toEqual([]);
    const realNow = ctx.now;
    ctx.now = () => new Date(realNow().getTime() + 2 * MINUTE_MS);
    try {
      await JOB_HANDLERS['wallet.retry-payouts']!(ctx, {});
      await JOB_HANDLERS['wallet.retry-payouts']!(ctx, {});
    } finally {
      ctx.now = realNow;
    }
    expect(up.keys).toEqual(down.keys);
    expect(up.keys).toEqual([`soleswap-payout-payout-${pending.body.id}`]);
    expect((await fay.get('/api/wallet/withdrawals')).body.items[0]).toMatchObject({ id: pending.body.id, status: 'paid' });
    expect(await balanceOf(fay)).toBe(2000);
  });

  it('with Stripe Connect, refuses a member without a connected account and transfers to the account of one who has it', async () => {
    const { ctx } = testApp();
    const transfers: Array<{ amountCents: number; destination: string; key: string }> = [];
    const api: StripeTransferApi = {
      createTransfer: async (input, options) => {
        transfers.push({ amountCents: input.amountCents, destination: input.destination, key: options.idempotencyKey });
        return { ok: true, transferId: 'tr_fake_1' };
      },
      findTransfer: async () => null,
    };
    const stripe = stripeForTests({ transfers: api });
    replaceMoneyProvider(ctx.env, () => stripe);
    const hal = await memberWithBalance(5000);
    const refused = await hal.post('/api/wallet/withdrawals', { amountCents: 1000 });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('PAYOUT_ACCOUNT_MISSING');
    expect(await balanceOf(hal)).toBe(5000);

    await ctx.db.update(wallets).set({ payoutAccountId: 'acct_hal' }).where(eq(wallets.userId, hal.user.id));
    const paid = await hal.post('/api/wallet/withdrawals', { amountCents: 1000 });
    expect(paid.body.status).toBe('paid');
    expect(transfers).toEqual([{ amountCents: 1000, destination: 'acct_hal', key: `soleswap-payout-payout-${paid.body.id}` }]);
    expect(await balanceOf(hal)).toBe(4000);
  });

  it('pages the withdrawals newest first', async () => {
    const gus = await memberWithBalance(10_000);
    for (const cents of [100, 200, 300]) expect((await gus.post('/api/wallet/withdrawals', { amountCents: cents })).status).toBe(201);
    const first = await gus.get('/api/wallet/withdrawals?limit=2');
    expect(first.body.items.map((p: { amountCents: number }) => p.amountCents)).toEqual([300, 200]);
    const second = await gus.get(`/api/wallet/withdrawals?limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body).toMatchObject({ items: [{ amountCents: 100 }], nextCursor: null });
  });

  describe('after the process died mid-withdrawal (issue #39)', () => {
    let stripe: FakeStripe;
    beforeAll(async () => {
      stripe = await new FakeStripe().start();
    });
    afterAll(() => stripe.close());

    const transfersTo = (account: string) => stripe.transfers.filter((t) => t.destination === account);
    const payoutEntries = async (member: TestClient) =>
      (await member.get('/api/wallet')).body.entries
        .filter((e: { kind: string }) => e.kind === 'payout')
        .map((e: { amountCents: number }) => e.amountCents);

    async function connectedMember(cents: number, account: string) {
      const member = await memberWithBalance(cents);
      await testApp().ctx.db.update(wallets).set({ payoutAccountId: account }).where(eq(wallets.userId, member.user.id));
      return member;
    }

    for (const when of ['after the transfer', 'before the transfer'] as const) {
      it(`a withdrawal retried under its Idempotency-Key once the dead request's claim is abandoned pays once, when it died ${when}`, async () => {
        const { ctx } = testApp();
        const account = `acct_crash_${when.split(' ')[0]}`;
        const dying = new DiesDuringFirstPayout(stripe.config, when);
        replaceMoneyProvider(ctx.env, () => dying);
        const ivy = await connectedMember(5000, account);
        const send = () => ivy.post('/api/wallet/withdrawals', { amountCents: 2000 }, { 'idempotency-key': 'withdraw-ivy' });

        const dead = send();
        await dying.died;
        expect(transfersTo(account)).toHaveLength(when === 'after the transfer' ? 1 : 0);
        // The member's form resends the same key; the claim of the dead request is taken over after five minutes.
        const retried = await withClockAhead(ctx, CLAIM_ABANDONED, send);
        expect(retried.status).toBe(201);
        expect(retried.body).toMatchObject({ amountCents: 2000, status: 'paid' });
        dying.revive();
        await dead;

        expect(transfersTo(account).map((t) => t.amount)).toEqual([2000]);
        expect(retried.body.id).toBe(Number(transfersTo(account)[0]!.metadata.payoutId));
        expect(await payoutEntries(ivy)).toEqual([-2000]);
        expect(await balanceOf(ivy)).toBe(3000);
        expect((await ivy.get('/api/wallet/withdrawals')).body.items).toMatchObject([{ id: retried.body.id, status: 'paid' }]);
        // And the key's answer is the paid payout from now on.
        expect((await send()).body).toEqual(retried.body);
      });
    }

    it('the job asks Stripe for the transfer of a payout whose answer was lost before paying it again, after Stripe forgot the key', async () => {
      const { ctx } = testApp();
      const account = 'acct_crash_job';
      const dying = new DiesDuringFirstPayout(stripe.config, 'after the transfer');
      replaceMoneyProvider(ctx.env, () => dying);
      const jo = await connectedMember(4000, account);
      const dead = jo.post('/api/wallet/withdrawals', { amountCents: 1500 });
      await dying.died;
      // A day later Stripe no longer knows the key: only looking the transfer up stops a second one.
      stripe.forgetKeys();
      await withClockAhead(ctx, 1, () => JOB_HANDLERS['wallet.retry-payouts']!(ctx, {}));
      dying.revive();
      await dead;

      expect(transfersTo(account).map((t) => t.amount)).toEqual([1500]);
      const [payout] = (await jo.get('/api/wallet/withdrawals')).body.items;
      expect(payout).toMatchObject({ amountCents: 1500, status: 'paid' });
      expect(await payoutEntries(jo)).toEqual([-1500]);
      expect(await balanceOf(jo)).toBe(2500);
    });
  });
});
