import { eq } from 'drizzle-orm';
import { MINUTE_MS, DAY_MS } from '@soleswap/contracts/time';
import { describe, expect, it } from 'vitest';
import { cashAuthorizations, trades } from '../../db/schema/index';
import { withClockAhead } from '../../../test/clock';
import { useTestApp } from '../../../test/test-app';
import { JOB_HANDLERS } from '../register-jobs';
import { authorizeTradeMoney } from '../wallet/authorize-trade-cash';
import { moneyProviderFor } from '../payments/payment-providers';
import { GOOD_CARD, moneyViolations } from './protection-holds.int-helpers';
import { memberWithSneakers, proposal } from './trades.int-helpers';

/**
 * Issue #39: an acceptance whose process dies after putting the cash on the receiver's card and
 * before accepting leaves the trade pending with the money held. Once its claim lapses, the deadline
 * sweep releases it, and the receiver can still accept.
 */
describe('an acceptance that died after authorizing', () => {
  // No protection holds: the trade's only money is Bob's $30 of cash.
  const testApp = useTestApp({ PROTECTION_HOLD_COMPLETED_TRADES: '0' });
  const CASH = 3000;
  const sweep = () => JOB_HANDLERS['trades.sweep-deadlines']!(testApp().ctx, {});
  const statusesOf = async (tradeId: number) =>
    (await testApp().ctx.db.select().from(cashAuthorizations).where(eq(cashAuthorizations.tradeId, tradeId))).map((a) => a.status);

  it('is released by the sweep once its claim lapses, never while it may still be running, and the receiver can accept afterwards', async () => {
    const ctx = testApp().ctx;
    const alice = await memberWithSneakers(testApp(), 'alice');
    const bob = await memberWithSneakers(testApp(), 'bob');
    const proposed = await alice.post('/api/trades', { ...proposal(alice, bob), receiverCashCents: CASH });
    expect(proposed.status).toBe(201);
    const tradeId = proposed.body.id as number;

    // What a dying acceptance leaves: its claim, and Bob's cash authorized on his card.
    await ctx.db.update(trades).set({ acceptanceClaim: crypto.randomUUID(), acceptanceClaimedAt: ctx.now() }).where(eq(trades.id, tradeId));
    const paymentMethod = moneyProviderFor(ctx).paymentMethodFor(GOOD_CARD);
    await authorizeTradeMoney(ctx, {
      tradeId,
      items: [{ purpose: 'trade_cash', payerId: bob.user.id, payeeId: alice.user.id, amountCents: CASH, paymentMethod }],
    });
    expect(await statusesOf(tradeId)).toEqual(['authorized']);

    // Within the claim's two minutes the acceptance may still be running: nothing is touched.
    await sweep();
    expect(await statusesOf(tradeId)).toEqual(['authorized']);

    // Past them, the sweep releases the card and ends the claim.
    await withClockAhead(ctx, (3 * MINUTE_MS) / DAY_MS, sweep);
    expect(await statusesOf(tradeId)).toEqual(['released']);
    const [after] = await ctx.db.select().from(trades).where(eq(trades.id, tradeId));
    expect(after).toMatchObject({ status: 'pending', acceptanceClaim: null });
    expect(await moneyViolations(ctx.db)).toEqual([]);

    // Bob accepts: his cash is held anew, and the trade is accepted with it.
    const accepted = await bob.post(`/api/trades/${tradeId}/accept`, { cashCard: GOOD_CARD });
    expect(accepted.status).toBe(200);
    expect((await statusesOf(tradeId)).sort()).toEqual(['authorized', 'released']);
  });
});
