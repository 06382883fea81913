import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { escrowLocks, sneakers } from '../../db/schema/index';
import { useTestApp } from '../../../test/test-app';
import { chooseShipTos, expectLedgerValidAfterAll, memberWithSneakers, proposal, shipBody } from './trades.int-helpers';

/**
 * The escrow invariant under real concurrency: on PostgreSQL these requests run in parallel
 * transactions; on PGlite they are serialized, and the outcome must be the same.
 */
describe('simultaneous acceptances', () => {
  const testApp = useTestApp();
  expectLedgerValidAfterAll(testApp);

  it('lets exactly one of N trades asking for the same sneaker win, and the sneaker ends with its proposer', async () => {
    const { ctx } = testApp();
    const N = 8;
    const bob = await memberWithSneakers(testApp(), 'bob', 1);
    const wanted = bob.sneakers[0]!;
    const proposers = [];
    for (let i = 0; i < N; i++) proposers.push(await memberWithSneakers(testApp(), `p${i}`, 1));
    const tradeIds: number[] = [];
    for (const p of proposers) tradeIds.push((await p.post('/api/trades', proposal(p, bob))).body.id);

    const answers = await Promise.all(tradeIds.map((id) => bob.post(`/api/trades/${id}/accept`)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, ...Array(N - 1).fill(409)]);
    for (const lost of answers.filter((a) => a.status === 409)) expect(lost.body.code).toBe('SNEAKER_LOCKED');

    const locksOnWanted = await ctx.db.select().from(escrowLocks).where(eq(escrowLocks.sneakerId, wanted.id));
    expect(locksOnWanted).toHaveLength(1);
    const winnerIndex = answers.findIndex((a) => a.status === 200);
    const winner = proposers[winnerIndex]!;
    const tradeId = tradeIds[winnerIndex]!;
    expect(locksOnWanted[0]!.tradeId).toBe(tradeId);
    // The losers' own sneakers were never locked.
    const allLocks = await ctx.db.select().from(escrowLocks).where(inArray(escrowLocks.tradeId, tradeIds));
    expect(allLocks).toHaveLength(2);

    await chooseShipTos(tradeId, winner, bob);
    await winner.post(`/api/trades/${tradeId}/ship`, shipBody());
    await bob.post(`/api/trades/${tradeId}/ship`, shipBody());
    await winner.post(`/api/trades/${tradeId}/receive`);
    expect((await bob.post(`/api/trades/${tradeId}/receive`)).body.status).toBe('completed');
    const [owner] = await ctx.db.select({ userId: sneakers.userId }).from(sneakers).where(eq(sneakers.id, wanted.id));
    expect(owner!.userId).toBe(winner.user.id);

    // Every other proposal now asks Bob for a sneaker he no longer has.
    const others = await bob.get('/api/trades');
    const stillPending = others.body.filter((t: { status: string }) => t.status === 'pending');
    expect(stillPending).toHaveLength(N - 1);
    for (const t of stillPending) expect(t).toMatchObject({ isUnavailable: true });
  });

  it('never deadlocks when two trades lock the same two sneakers in opposite order', async () => {
    const { ctx } = testApp();
    const bob = await memberWithSneakers(testApp(), 'bob', 2);
    const [s1, s2] = bob.sneakers;
    for (let round = 0; round < 3; round++) {
      const alice = await memberWithSneakers(testApp(), 'alice', 1);
      const carol = await memberWithSneakers(testApp(), 'carol', 1);
      const a = (await alice.post('/api/trades', proposal(alice, bob, { take: [s1!.id, s2!.id] }))).body;
      const c = (await carol.post('/api/trades', proposal(carol, bob, { take: [s2!.id, s1!.id] }))).body;

      const answers = await Promise.all([bob.post(`/api/trades/${a.id}/accept`), bob.post(`/api/trades/${c.id}/accept`)]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      const winner = answers[0]!.status === 200 ? a : c;
      const locks = await ctx.db
        .select()
        .from(escrowLocks)
        .where(inArray(escrowLocks.sneakerId, [s1!.id, s2!.id]));
      expect(locks.map((l) => l.tradeId)).toEqual([winner.id, winner.id]);

      // Free both sneakers again for the next round: the winner is cancelled by both sides.
      await bob.post(`/api/trades/${winner.id}/cancel`);
      const proposer = winner.id === a.id ? alice : carol;
      expect((await proposer.post(`/api/trades/${winner.id}/cancel`)).body.escrowStatus).toBe('refunded');
    }
  });

  it('completes two trades between the same members at the same time without losing a count', async () => {
    const alice = await memberWithSneakers(testApp(), 'alice', 2);
    const bob = await memberWithSneakers(testApp(), 'bob', 2);
    const t1 = (await alice.post('/api/trades', proposal(alice, bob, { give: [alice.sneakers[0]!.id], take: [bob.sneakers[0]!.id] }))).body;
    const t2 = (await bob.post('/api/trades', proposal(bob, alice, { give: [bob.sneakers[1]!.id], take: [alice.sneakers[1]!.id] }))).body;
    await bob.post(`/api/trades/${t1.id}/accept`);
    await alice.post(`/api/trades/${t2.id}/accept`);
    for (const t of [t1, t2]) await chooseShipTos(t.id, alice, bob);
    for (const t of [t1, t2]) {
      await alice.post(`/api/trades/${t.id}/ship`, shipBody());
      await bob.post(`/api/trades/${t.id}/ship`, shipBody());
      await alice.post(`/api/trades/${t.id}/receive`);
    }
    const done = await Promise.all([bob.post(`/api/trades/${t1.id}/receive`), bob.post(`/api/trades/${t2.id}/receive`)]);
    expect(done.map((r) => r.body.status)).toEqual(['completed', 'completed']);
    expect((await alice.get('/api/auth/user')).body.totalTrades).toBe(2);
    expect((await bob.get('/api/auth/user')).body.totalTrades).toBe(2);

    const ratings = await Promise.all([alice.post(`/api/trades/${t1.id}/rate`, { score: 5 }), alice.post(`/api/trades/${t2.id}/rate`, { score: 2 })]);
    expect(ratings.map((r) => r.status)).toEqual([200, 200]);
    expect((await bob.get('/api/auth/user')).body.reputation).toBe('3.50');
  });
});
