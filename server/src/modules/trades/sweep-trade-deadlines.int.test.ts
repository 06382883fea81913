import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { escrowLocks, ledgerEntries, tradeRatings, users } from '../../db/schema/index';
import { useTestApp } from '../../../test/test-app';
import { withClockAhead } from '../../../test/clock';
import { LATE_SHIPMENT_COMMENT } from './trade-effects';
import { sweepTradeDeadlines } from './sweep-trade-deadlines';
import { chooseShipTos, expectLedgerValidAfterAll, memberWithSneakers, proposal, shipBody } from './trades.int-helpers';

describe('the deadline sweep', () => {
  const testApp = useTestApp();
  expectLedgerValidAfterAll(testApp);

  /** Runs the deadline sweep as if `days` had passed. */
  const sweepAfter = (days: number) => withClockAhead(testApp().ctx, days, () => sweepTradeDeadlines(testApp().ctx));

  const reputationOf = async (userId: string) =>
    (await testApp().ctx.db.select({ r: users.reputation }).from(users).where(eq(users.id, userId)))[0]!.r;

  it('expires a pending proposal after 7 days, not before, and never touches a closed trade', async () => {
    const alice = await memberWithSneakers(testApp(), 'alice', 2);
    const bob = await memberWithSneakers(testApp(), 'bob', 2);
    const open = (await alice.post('/api/trades', proposal(alice, bob))).body;
    const rejected = (await alice.post('/api/trades', proposal(alice, bob, { give: [alice.sneakers[1]!.id] }))).body;
    await bob.post(`/api/trades/${rejected.id}/reject`);

    expect((await sweepAfter(6.9)).expired).not.toContain(open.id);
    expect((await alice.get(`/api/trades/${open.id}`)).body.status).toBe('pending');

    const sweep = await sweepAfter(7.1);
    expect(sweep.expired).toContain(open.id);
    expect(sweep.expired).not.toContain(rejected.id);
    expect((await bob.get(`/api/trades/${open.id}`)).body).toMatchObject({ status: 'expired', allowedActions: [] });
    expect((await bob.get(`/api/trades/${rejected.id}`)).body.status).toBe('rejected');
    expect((await bob.post(`/api/trades/${open.id}/accept`)).status).toBe(409);
  });

  it('cancels an accepted trade a side did not ship within 5 days: refund, locks freed, the late side rated 1', async () => {
    const { ctx } = testApp();
    const alice = await memberWithSneakers(testApp(), 'alice', 1);
    const bob = await memberWithSneakers(testApp(), 'bob', 1);
    const trade = (await alice.post('/api/trades', proposal(alice, bob))).body;
    await bob.post(`/api/trades/${trade.id}/accept`);
    await chooseShipTos(trade.id, bob);
    await alice.post(`/api/trades/${trade.id}/ship`, shipBody());

    expect((await sweepAfter(4.9)).cancelled).not.toContain(trade.id);
    const sweep = await sweepAfter(5.1);
    expect(sweep.cancelled).toContain(trade.id);

    const after = (await alice.get(`/api/trades/${trade.id}`)).body;
    expect(after).toMatchObject({ status: 'cancelled', escrowStatus: 'refunded', allowedActions: [], myRating: null });
    expect(await ctx.db.select().from(escrowLocks).where(eq(escrowLocks.tradeId, trade.id))).toEqual([]);
    const events = await ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.tradeId, trade.id)).orderBy(ledgerEntries.id);
    expect(events.map((e) => [e.event, e.payload])).toEqual([
      ['lock', expect.anything()],
      ['ship', { side: 'proposer', withTracking: true }],
      ['refund', { reason: 'ship-deadline' }],
    ]);

    // The penalty is a stored rating of 1 from the side kept waiting, so it counts in the mean.
    const ratings = await ctx.db.select().from(tradeRatings).where(eq(tradeRatings.tradeId, trade.id));
    expect(ratings).toEqual([expect.objectContaining({ raterId: alice.user.id, rateeId: bob.user.id, score: 1, comment: LATE_SHIPMENT_COMMENT })]);
    expect(await reputationOf(bob.user.id)).toBe('1.00');
    expect(await reputationOf(alice.user.id)).toBe('0.00');

    // Both sneakers can be traded again.
    const carol = await memberWithSneakers(testApp(), 'carol', 1);
    const again = (await carol.post('/api/trades', proposal(carol, bob))).body;
    expect((await bob.post(`/api/trades/${again.id}/accept`)).status).toBe(200);
  });

  it('penalizes both sides when neither shipped, and leaves a trade both shipped alone', async () => {
    const alice = await memberWithSneakers(testApp(), 'alice', 2);
    const bob = await memberWithSneakers(testApp(), 'bob', 2);
    const idle = (await alice.post('/api/trades', proposal(alice, bob))).body;
    const shipped = (await alice.post('/api/trades', proposal(alice, bob, { give: [alice.sneakers[1]!.id], take: [bob.sneakers[1]!.id] }))).body;
    for (const t of [idle, shipped]) await bob.post(`/api/trades/${t.id}/accept`);
    await chooseShipTos(shipped.id, alice, bob);
    await alice.post(`/api/trades/${shipped.id}/ship`, shipBody());
    await bob.post(`/api/trades/${shipped.id}/ship`, shipBody());

    const sweep = await sweepAfter(6);
    expect(sweep.cancelled).toContain(idle.id);
    expect(sweep.cancelled).not.toContain(shipped.id);
    expect((await alice.get(`/api/trades/${shipped.id}`)).body.status).toBe('accepted');
    expect(await reputationOf(alice.user.id)).toBe('1.00');
    expect(await reputationOf(bob.user.id)).toBe('1.00');
  });

  it('counts the penalty in the mean with real ratings', async () => {
    const alice = await memberWithSneakers(testApp(), 'alice', 2);
    const bob = await memberWithSneakers(testApp(), 'bob', 2);
    const good = (await alice.post('/api/trades', proposal(alice, bob))).body;
    await bob.post(`/api/trades/${good.id}/accept`);
    await chooseShipTos(good.id, alice, bob);
    for (const m of [alice, bob]) await m.post(`/api/trades/${good.id}/ship`, shipBody());
    for (const m of [alice, bob]) await m.post(`/api/trades/${good.id}/receive`);
    await alice.post(`/api/trades/${good.id}/rate`, { score: 5 });

    // Bob now owns Alice's first pair; he offers it back and never ships.
    const late = (await bob.post('/api/trades', proposal(bob, alice, { give: [alice.sneakers[0]!.id], take: [alice.sneakers[1]!.id] }))).body;
    await alice.post(`/api/trades/${late.id}/accept`);
    await chooseShipTos(late.id, bob);
    await alice.post(`/api/trades/${late.id}/ship`, shipBody());
    await sweepAfter(5.5);
    expect(await reputationOf(bob.user.id)).toBe('3.00');
  });
});
