import { eq } from 'drizzle-orm';
import { DAY_MS } from '@soleswap/contracts/time';
import { SHIP_DEADLINE_DAYS } from '@soleswap/contracts/trades';
import { describe, expect, it } from 'vitest';
import { cashAuthorizations } from '../../db/schema/index';
import { FAKE_STRIPE_ENV, useFakeStripe } from '../../../test/fake-stripe';
import { useTestApp } from '../../../test/test-app';
import { JOB_HANDLERS } from '../register-jobs';
import { GOOD_CARD, moneyViolations } from './protection-holds.int-helpers';
import { chooseShipTos, shipBody, expectLedgerValidAfterAll, memberWithSneakers, proposal } from './trades.int-helpers';

/** Protection holds on Stripe (test keys, manual capture), the real SDK talking to a stand-in Stripe on this machine. */
describe('protection holds (Stripe provider, offline)', () => {
  const testApp = useTestApp({ ...FAKE_STRIPE_ENV, PROTECTION_HOLD_COMPLETED_TRADES: '3', PROTECTION_HOLD_MIN_VALUE_CENTS: '20000' });
  const stripe = useFakeStripe(testApp);
  expectLedgerValidAfterAll(testApp);

  it('holds each side with one manual-capture PaymentIntent; a missed ship deadline captures the late side’s, cancels the other', async () => {
    const alice = await memberWithSneakers(testApp(), 'alice');
    const bob = await memberWithSneakers(testApp(), 'bob');
    const proposed = await alice.post('/api/trades', { ...proposal(alice, bob), cashCard: GOOD_CARD });
    expect(proposed.status).toBe(201);
    const tradeId = proposed.body.id as number;
    expect((await bob.post(`/api/trades/${tradeId}/accept`, { cashCard: GOOD_CARD })).status).toBe(200);
    expect(
      stripe()
        .creates()
        .map((r) => [r.params.amount, r.params.capture_method]),
    ).toEqual([
      ['25000', 'manual'],
      ['25000', 'manual'],
    ]);

    await chooseShipTos(tradeId, alice, bob);
    expect((await alice.post(`/api/trades/${tradeId}/ship`, shipBody())).status).toBe(200);
    const ctx = testApp().ctx;
    const realNow = ctx.now;
    ctx.now = () => new Date(Date.now() + (SHIP_DEADLINE_DAYS + 0.1) * DAY_MS);
    try {
      await JOB_HANDLERS['trades.sweep-deadlines']!(ctx, {});
      await ctx.events.idle();
      await JOB_HANDLERS['trades.settle-cash']!(ctx, {});
    } finally {
      ctx.now = realNow;
    }
    const holds = await ctx.db.select().from(cashAuthorizations).where(eq(cashAuthorizations.tradeId, tradeId)).orderBy(cashAuthorizations.id);
    expect(holds.map((h) => [h.payerId, h.provider, h.status])).toEqual([
      [alice.user.id, 'stripe', 'released'],
      [bob.user.id, 'stripe', 'captured'],
    ]);
    expect(
      stripe()
        .done('POST', /\/capture$/)
        .map((r) => r.idempotencyKey),
    ).toEqual([`soleswap-capture-auth-${holds[1]!.id}`]);
    expect(
      stripe()
        .done('POST', /\/cancel$/)
        .map((r) => r.idempotencyKey),
    ).toEqual([`soleswap-release-auth-${holds[0]!.id}`]);
    expect((await alice.get('/api/wallet')).body).toMatchObject({ balanceCents: 25000, entries: [{ kind: 'protection_hold_credit', tradeId }] });
    expect(await moneyViolations(ctx.db)).toEqual([]);
  });
});
