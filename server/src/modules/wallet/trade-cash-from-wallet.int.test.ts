import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cashAuthorizations, escrowLocks, ledgerEntries } from '../../db/schema/index';
import { useTestApp } from '../../../test/test-app';
import { moneyViolations, seededCaptures } from '../trades/protection-holds.int-helpers';
import { insertWalletMovement } from './wallet.repository';
import { JOB_HANDLERS } from '../register-jobs';
import { chooseShipTos, shipBody, expectLedgerValidAfterAll, memberWithSneakers, proposal } from '../trades/trades.int-helpers';

const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expMonth: '12', expYear: '2040', cvc: '123' };

describe('cash in trades paid from the wallet balance', () => {
  const testApp = useTestApp();
  expectLedgerValidAfterAll(testApp);
  let seededAuthorization = 80_000;

  const db = () => testApp().ctx.db;
  const settled = () => testApp().ctx.events.idle();
  const authorizationsOf = (tradeId: number) => db().select().from(cashAuthorizations).where(eq(cashAuthorizations.tradeId, tradeId));
  const cashLedgerOf = async (tradeId: number) =>
    (await db().select().from(ledgerEntries).where(eq(ledgerEntries.tradeId, tradeId)).orderBy(ledgerEntries.id))
      .map((e) => e.event)
      .filter((e) => e.startsWith('cash_'));

  async function pair({ aliceCents = 0, bobCents = 0 } = {}) {
    const alice = await memberWithSneakers(testApp(), 'alice');
    const bob = await memberWithSneakers(testApp(), 'bob');
    for (const [member, cents] of [
      [alice, aliceCents],
      [bob, bobCents],
    ] as const) {
      if (cents === 0) continue;
      const { ctx } = testApp();
      await ctx.db.transaction((tx) =>
        insertWalletMovement(tx, {
          userId: member.user.id,
          kind: 'trade_cash_credit',
          amountCents: cents,
          authorizationId: (seededAuthorization += 1),
          at: ctx.now(),
        }),
      );
    }
    return { alice, bob };
  }

  /** The money invariants; the balances this file seeds stand for captures made elsewhere. */
  const expectMoneySound = async () => expect(await moneyViolations(db(), await seededCaptures(db(), (id) => id > 80_000))).toEqual([]);

  const balanceOf = async (member: { get: (url: string) => Promise<{ body: { balanceCents: number } }> }) =>
    (await member.get('/api/wallet')).body.balanceCents;

  it('proposer cash from the wallet: debited at acceptance, paid to the receiver at completion', async () => {
    const { alice, bob } = await pair({ aliceCents: 5000 });
    const proposed = await alice.post('/api/trades', { ...proposal(alice, bob), proposerCashCents: 2000, cashSource: 'wallet' });
    expect(proposed.status).toBe(201);
    expect(await balanceOf(alice)).toBe(5000);

    expect((await bob.post(`/api/trades/${proposed.body.id}/accept`)).status).toBe(200);
    expect(await balanceOf(alice)).toBe(3000);
    expect((await alice.get('/api/wallet')).body.entries[0]).toMatchObject({
      kind: 'trade_cash_debit',
      amountCents: -2000,
      tradeId: proposed.body.id,
    });

    await chooseShipTos(proposed.body.id, alice, bob);
    for (const side of [alice, bob]) expect((await side.post(`/api/trades/${proposed.body.id}/ship`, shipBody())).status).toBe(200);
    for (const side of [alice, bob]) expect((await side.post(`/api/trades/${proposed.body.id}/receive`)).status).toBe(200);
    await settled();
    await JOB_HANDLERS['trades.settle-cash']!(testApp().ctx, {});
    expect(await balanceOf(bob)).toBe(2000);
    expect(await balanceOf(alice)).toBe(3000);
    expect((await authorizationsOf(proposed.body.id)).map((a) => [a.status, a.provider])).toEqual([['captured', 'wallet']]);
    expect(await cashLedgerOf(proposed.body.id)).toEqual(['cash_authorize', 'cash_capture']);
    await expectMoneySound();
  });

  it('receiver cash from the wallet: given back when both sides cancel', async () => {
    const { alice, bob } = await pair({ bobCents: 3000 });
    const proposed = await alice.post('/api/trades', { ...proposal(alice, bob), receiverCashCents: 1000 });
    expect((await bob.post(`/api/trades/${proposed.body.id}/accept`, { cashSource: 'wallet' })).status).toBe(200);
    expect(await balanceOf(bob)).toBe(2000);

    for (const side of [alice, bob]) expect((await side.post(`/api/trades/${proposed.body.id}/cancel`)).status).toBe(200);
    await settled();
    expect(await balanceOf(bob)).toBe(3000);
    expect(await balanceOf(alice)).toBe(0);
    expect((await bob.get('/api/wallet')).body.entries[0]).toMatchObject({ kind: 'trade_cash_return', amountCents: 1000 });
    expect(await cashLedgerOf(proposed.body.id)).toEqual(['cash_authorize', 'cash_release']);
    await expectMoneySound();
  });

  it('a balance short of the cash fails the acceptance with 409 INSUFFICIENT_BALANCE and locks nothing', async () => {
    const { alice, bob } = await pair({ bobCents: 500 });
    const proposed = await alice.post('/api/trades', { ...proposal(alice, bob), receiverCashCents: 1000 });
    const refused = await bob.post(`/api/trades/${proposed.body.id}/accept`, { cashSource: 'wallet' });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('INSUFFICIENT_BALANCE');
    expect((await bob.get(`/api/trades/${proposed.body.id}`)).body.status).toBe('pending');
    expect(await db().select().from(escrowLocks).where(eq(escrowLocks.tradeId, proposed.body.id))).toEqual([]);
    expect(await authorizationsOf(proposed.body.id)).toEqual([]);
    expect(await balanceOf(bob)).toBe(500);
    // With a card instead, the same acceptance goes through.
    expect((await bob.post(`/api/trades/${proposed.body.id}/accept`, { cashCard: GOOD_CARD })).status).toBe(200);
  });

  it('refuses a proposal paying from a balance that does not hold the cash, and a card given with the wallet', async () => {
    const { alice, bob } = await pair({ aliceCents: 1000 });
    const short = await alice.post('/api/trades', { ...proposal(alice, bob), proposerCashCents: 2000, cashSource: 'wallet' });
    expect(short.status).toBe(409);
    expect(short.body.code).toBe('INSUFFICIENT_BALANCE');
    const both = await alice.post('/api/trades', { ...proposal(alice, bob), proposerCashCents: 1000, cashSource: 'wallet', cashCard: GOOD_CARD });
    expect(both.status).toBe(400);
    expect(both.body.fields).toHaveProperty('cashCard');
    expect((await alice.get('/api/trades')).body).toEqual([]);
  });
});
