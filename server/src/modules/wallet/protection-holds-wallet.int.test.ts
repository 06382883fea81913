import { DAY_MS } from '@soleswap/contracts/time';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cashAuthorizations, ledgerEntries, walletEntries } from '../../db/schema/index';
import { useTestApp, type TestClient } from '../../../test/test-app';
import { JOB_HANDLERS } from '../register-jobs';
import type { AuthorizationFacts } from './money-invariants';
import { insertWalletMovement } from './wallet.repository';
import { giveBankAccount } from './payout-destination.int-helpers';
import { GOOD_CARD, moneyViolations, settleCashNow } from '../trades/protection-holds.int-helpers';
import { shipAndReceive, expectLedgerValidAfterAll, memberWithSneakers, proposal } from '../trades/trades.int-helpers';

/** Factory pairs are worth $250 by their owners' estimates: above the $200 threshold, so new members owe $250. */
const HOLD = 25000;
const CASH = 2500;

/**
 * Protection holds beside the payouts work (docs/rules/money.md): a side that pays from its wallet
 * has its hold taken from the balance too, and card holds are re-authorized like cash.
 */
describe('protection holds paid from the wallet, and re-authorized', () => {
  const testApp = useTestApp({ PROTECTION_HOLD_COMPLETED_TRADES: '3', PROTECTION_HOLD_MIN_VALUE_CENTS: '20000' });
  expectLedgerValidAfterAll(testApp);
  let seededAuthorization = 90_000;
  /** The balances this file credits directly stand for captures made elsewhere. */
  const seededCaptures: AuthorizationFacts[] = [];

  const db = () => testApp().ctx.db;
  const authorizationsOf = async (tradeId: number) =>
    (await db().select().from(cashAuthorizations).where(eq(cashAuthorizations.tradeId, tradeId)).orderBy(cashAuthorizations.id)).map((a) => ({
      purpose: a.purpose,
      payerId: a.payerId,
      amountCents: a.amountCents,
      provider: a.provider,
      status: a.status,
    }));
  const ledgerOf = async (tradeId: number) =>
    (await db().select().from(ledgerEntries).where(eq(ledgerEntries.tradeId, tradeId)).orderBy(ledgerEntries.id))
      .map((e) => e.event)
      .filter((e) => e.startsWith('hold_') || e.startsWith('cash_'));
  const balanceOf = async (member: { get: (url: string) => Promise<{ body: { balanceCents: number } }> }) =>
    (await member.get('/api/wallet')).body.balanceCents;

  /** Alice (with `aliceCents` in her wallet, standing for a capture made elsewhere) and Bob, both new to trading. */
  async function newcomers(aliceCents: number) {
    const alice = await memberWithSneakers(testApp(), 'alice');
    const bob = await memberWithSneakers(testApp(), 'bob');
    const { ctx } = testApp();
    const authorizationId = (seededAuthorization += 1);
    await ctx.db.transaction((tx) =>
      insertWalletMovement(tx, { userId: alice.user.id, kind: 'trade_cash_credit', amountCents: aliceCents, authorizationId, at: ctx.now() }),
    );
    seededCaptures.push({ id: authorizationId, amountCents: aliceCents, status: 'captured', isCaptureDue: true });
    await giveBankAccount(ctx, alice.user.id);
    return { alice, bob };
  }

  const soundMoney = async () => expect(await moneyViolations(db(), seededCaptures)).toEqual([]);

  async function completeAndSettle(tradeId: number, members: TestClient[]) {
    await shipAndReceive(tradeId, ...members);
    await settleCashNow(testApp().ctx);
  }

  it("holds the proposer's cash and hold on their balance, then pays the cash and gives the hold back at completion", async () => {
    const { alice, bob } = await newcomers(30000);
    const proposed = await alice.post('/api/trades', { ...proposal(alice, bob), proposerCashCents: CASH, cashSource: 'wallet' });
    expect(proposed.status).toBe(201);
    expect(await balanceOf(alice)).toBe(30000);

    expect((await bob.post(`/api/trades/${proposed.body.id}/accept`, { cashCard: GOOD_CARD })).status).toBe(200);
    expect(await balanceOf(alice)).toBe(30000 - CASH - HOLD);
    expect(await authorizationsOf(proposed.body.id)).toEqual([
      { purpose: 'trade_cash', payerId: alice.user.id, amountCents: CASH, provider: 'wallet', status: 'authorized' },
      { purpose: 'protection_hold', payerId: alice.user.id, amountCents: HOLD, provider: 'wallet', status: 'authorized' },
      { purpose: 'protection_hold', payerId: bob.user.id, amountCents: HOLD, provider: 'sandbox', status: 'authorized' },
    ]);

    await completeAndSettle(proposed.body.id, [alice, bob]);
    expect(await balanceOf(alice)).toBe(30000 - CASH);
    expect(await balanceOf(bob)).toBe(CASH);
    expect((await authorizationsOf(proposed.body.id)).map((a) => a.status)).toEqual(['captured', 'released', 'released']);
    const kinds = (await db().select().from(walletEntries).where(eq(walletEntries.tradeId, proposed.body.id))).map((e) => e.kind).sort();
    expect(kinds).toEqual(['trade_cash_credit', 'trade_cash_debit', 'trade_cash_debit', 'trade_cash_return']);
    await soundMoney();
  });

  it('refuses a proposal whose balance does not cover the cash and the hold together', async () => {
    const { alice, bob } = await newcomers(HOLD);
    const refused = await alice.post('/api/trades', { ...proposal(alice, bob), proposerCashCents: CASH, cashSource: 'wallet' });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('INSUFFICIENT_BALANCE');
  });

  it('gives back what it held when the balance runs short at acceptance, and the trade stays pending', async () => {
    const { alice, bob } = await newcomers(30000);
    const proposed = await alice.post('/api/trades', { ...proposal(alice, bob), proposerCashCents: CASH, cashSource: 'wallet' });
    expect(proposed.status).toBe(201);
    expect((await alice.post('/api/wallet/withdrawals', { amountCents: 20000 }, { 'idempotency-key': 'alice-out' })).status).toBe(201);

    const refused = await bob.post(`/api/trades/${proposed.body.id}/accept`, { cashCard: GOOD_CARD });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('INSUFFICIENT_BALANCE');
    expect((await bob.get(`/api/trades/${proposed.body.id}`)).body.status).toBe('pending');
    expect(await balanceOf(alice)).toBe(10000);
    expect((await authorizationsOf(proposed.body.id)).map((a) => [a.purpose, a.status])).toEqual([['trade_cash', 'released']]);
    await soundMoney();
  });

  it('re-authorizes card protection holds 6 days old, each once, and releases the new holds at completion', async () => {
    const alice = await memberWithSneakers(testApp(), 'alice');
    const bob = await memberWithSneakers(testApp(), 'bob');
    const proposed = await alice.post('/api/trades', { ...proposal(alice, bob), cashCard: GOOD_CARD });
    expect((await bob.post(`/api/trades/${proposed.body.id}/accept`, { cashCard: GOOD_CARD })).status).toBe(200);

    const { ctx } = testApp();
    const realNow = ctx.now;
    ctx.now = () => new Date(realNow().getTime() + 6 * DAY_MS + 1);
    try {
      await JOB_HANDLERS['trades.reauthorize-cash']!(ctx, {});
      await JOB_HANDLERS['trades.reauthorize-cash']!(ctx, {});
    } finally {
      ctx.now = realNow;
    }
    expect((await authorizationsOf(proposed.body.id)).map((a) => [a.payerId, a.status])).toEqual([
      [alice.user.id, 'released'],
      [bob.user.id, 'released'],
      [alice.user.id, 'authorized'],
      [bob.user.id, 'authorized'],
    ]);
    expect(await ledgerOf(proposed.body.id)).toEqual([
      'hold_authorize',
      'hold_authorize',
      'hold_release',
      'hold_authorize',
      'hold_release',
      'hold_authorize',
    ]);
    const view = await alice.get(`/api/trades/${proposed.body.id}`);
    expect(view.body.protectionHolds.map((h: { status: string }) => h.status)).toEqual(['held', 'held']);

    await completeAndSettle(proposed.body.id, [alice, bob]);
    expect((await authorizationsOf(proposed.body.id)).map((a) => a.status)).toEqual(['released', 'released', 'released', 'released']);
    await soundMoney();
  });
});
