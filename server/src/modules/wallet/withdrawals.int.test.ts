import { MINUTE_MS } from '@soleswap/contracts/time';
import { afterEach, describe, expect, it } from 'vitest';
import { TestClient, signIn, useTestApp } from '../../../test/test-app';
import { JOB_HANDLERS } from '../register-jobs';
import { eq } from 'drizzle-orm';
import { wallets } from '../../db/schema/index';
import { SandboxPayoutProvider, StripeConnectPayoutProvider, replacePayoutProvider, type PayoutProvider, type PayoutResult } from './payout-provider';
import type { StripeTransferApi } from './stripe-transfer-api';
import { insertWalletMovement } from './wallet.repository';

/** A provider that answers what the test says, counting the calls and the keys it was asked under. */
class ScriptedPayouts implements PayoutProvider {
  readonly name = 'sandbox' as const;
  readonly needsAccount = false;
  readonly keys: string[] = [];
  constructor(public answer: () => Promise<PayoutResult>) {}
  async payout(_input: unknown, idempotencyKey: string) {
    this.keys.push(idempotencyKey);
    return this.answer();
  }
}

describe('withdrawals from the wallet', () => {
  const testApp = useTestApp();
  let counter = 0;
  afterEach(() => replacePayoutProvider(testApp().ctx, new SandboxPayoutProvider()));

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
    replacePayoutProvider(
      ctx,
      new ScriptedPayouts(async () => ({ providerRef: null, status: 'failed', failureMessage: 'The bank account was closed' })),
    );
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
    replacePayoutProvider(ctx, down);
    const fay = await memberWithBalance(3000);
    const pending = await fay.post('/api/wallet/withdrawals', { amountCents: 1000 });
    expect(pending.body.status).toBe('requested');
    expect(await balanceOf(fay)).toBe(2000);

    const up = new ScriptedPayouts(async () => ({ providerRef: 'po_1', status: 'paid', failureMessage: null }));
    replacePayoutProvider(ctx, up);
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
    };
    replacePayoutProvider(ctx, new StripeConnectPayoutProvider(api));
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
});
