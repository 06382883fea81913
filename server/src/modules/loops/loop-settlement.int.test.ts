import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { escrowLocks, ledgerEntries, sneakers, users } from '../../db/schema/index';
import { TestClient, useTestApp } from '../../../test/test-app';
import { withClockAhead } from '../../../test/clock';
import { expectLedgerValidAfterAll, shipBody } from '../trades/trades.int-helpers';
import { JOB_HANDLERS, RECURRING_JOBS } from '../register-jobs';
import { acceptLoopAs, addWant, member, pairOf, proposedThreeLoop, releasesInSize10 } from './loops.int-helpers';
import { sweepLoopDeadlines } from './sweep-loop-deadlines';

describe('loop trades settle all-or-nothing', () => {
  const testApp = useTestApp();
  expectLedgerValidAfterAll(testApp);
  let releases: number[] = [];
  let next = 0;
  beforeAll(async () => {
    releases = await releasesInSize10(testApp());
  });
  /** Each test gets its own three releases, so earlier loops' members never join its market. */
  const threeLoop = () => proposedThreeLoop(testApp(), releases, (next += 3) - 3);

  const ownerOf = async (id: number) =>
    (await testApp().ctx.db.select({ userId: sneakers.userId }).from(sneakers).where(eq(sneakers.id, id)))[0]!.userId;
  const locksOf = (loopId: number) => testApp().ctx.db.select().from(escrowLocks).where(eq(escrowLocks.loopId, loopId));
  const ledgerOf = async (loopId: number) =>
    (await testApp().ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.loopId, loopId)).orderBy(ledgerEntries.id)).map((e) => e.event);

  /** Runs the deadline sweep as if `days` had passed. */
  const sweepAfter = (days: number) => withClockAhead(testApp().ctx, days, () => sweepLoopDeadlines(testApp().ctx));

  it('shows every member what they give to whom and get from whom, with values and their actions', async () => {
    const { a, b, c, pairs, loopId } = await threeLoop();
    const view = (await a.get(`/api/loops/${loopId}`)).body;
    expect(view).toMatchObject({ status: 'proposed', escrowStatus: 'pending', allowedActions: ['accept', 'decline'] });
    expect(view.legs).toHaveLength(3);
    // Ann gives her pair to Cat (who wants it) and gets Ben's pair (which she wants).
    expect(view.myGive).toMatchObject({ fromUserId: a.user.id, toUserId: c.user.id, sneakerIds: [pairs.a.id], value: '250.00' });
    expect(view.myReceive).toMatchObject({ fromUserId: b.user.id, toUserId: a.user.id, sneakerIds: [pairs.b.id] });
    expect(view.members.map((m: { id: string }) => m.id).sort()).toEqual([a.user.id, b.user.id, c.user.id].sort());
  });

  it('completes only when every member has received, then moves every pair and counts a trade for each', async () => {
    const { a, b, c, pairs, loopId } = await threeLoop();
    expect((await acceptLoopAs(a, loopId)).body).toMatchObject({ status: 'proposed', allowedActions: ['decline'] });
    expect((await acceptLoopAs(a, loopId)).body).toEqual({
      code: 'LOOP_INVALID_TRANSITION',
      message: 'You have already accepted this loop',
    });
    await acceptLoopAs(b, loopId);
    expect(await locksOf(loopId)).toHaveLength(0);
    const locked = await acceptLoopAs(c, loopId);
    expect(locked.body).toMatchObject({ status: 'active', escrowStatus: 'locked', allowedActions: ['ship', 'dispute'] });
    expect((await locksOf(loopId)).map((l) => l.sneakerId).sort()).toEqual([pairs.a.id, pairs.b.id, pairs.c.id].sort());
    expect(locked.body.lockHash).toMatch(/^[0-9a-f]{64}$/);

    // Ann cannot confirm before Ben (who gives to her) has shipped; the loop's own code says so.
    const early = await a.post(`/api/loops/${loopId}/receive`);
    expect(early.status).toBe(409);
    expect(early.body).toEqual({ code: 'LOOP_INVALID_TRANSITION', message: 'You can confirm receipt once the member before you has shipped' });
    expect((await acceptLoopAs(a, loopId)).body).toEqual({
      code: 'LOOP_INVALID_TRANSITION',
      message: 'This loop is active: you cannot accept it now',
    });
    for (const m of [a, b, c]) expect((await m.post(`/api/loops/${loopId}/ship`, shipBody())).status).toBe(200);
    await a.post(`/api/loops/${loopId}/receive`);
    expect((await a.post(`/api/loops/${loopId}/receive`)).body).toEqual({
      code: 'LOOP_INVALID_TRANSITION',
      message: 'You have already confirmed receipt',
    });
    expect((await a.post(`/api/loops/${loopId}/ship`, shipBody())).body).toEqual({
      code: 'LOOP_INVALID_TRANSITION',
      message: 'You have already shipped your pair',
    });
    await b.post(`/api/loops/${loopId}/receive`);
    // Two of three received: nothing has moved yet.
    expect(await ownerOf(pairs.a.id)).toBe(a.user.id);
    expect((await a.get(`/api/loops/${loopId}`)).body.status).toBe('active');
    const done = await c.post(`/api/loops/${loopId}/receive`);
    expect(done.body).toMatchObject({ status: 'completed', escrowStatus: 'released', allowedActions: [] });

    expect(await ownerOf(pairs.a.id)).toBe(c.user.id);
    expect(await ownerOf(pairs.b.id)).toBe(a.user.id);
    expect(await ownerOf(pairs.c.id)).toBe(b.user.id);
    expect(await locksOf(loopId)).toHaveLength(0);
    const counts = await testApp()
      .ctx.db.select({ n: users.totalTrades })
      .from(users)
      .where(inArray(users.id, [a.user.id, b.user.id, c.user.id]));
    expect(counts.map((r) => r.n)).toEqual([1, 1, 1]);
    expect(await ledgerOf(loopId)).toEqual(['lock', 'ship', 'ship', 'ship', 'receive', 'receive', 'receive', 'release']);

    // Every member, and nobody else, reads the private details behind the loop's public entries.
    const hash = locked.body.lockHash as string;
    for (const m of [a, b, c]) {
      const details = await m.get(`/api/ledger/entries/${hash}/details`);
      expect(details.status).toBe(200);
      expect(details.body).toMatchObject({ matchesCommitment: true, details: { loopId } });
      expect(details.body.details.payload.legs).toHaveLength(3);
    }
    const eve = await member(testApp(), 'eve');
    expect((await eve.get(`/api/ledger/entries/${hash}/details`)).status).toBe(404);
    expect((await new TestClient(testApp().app).get(`/api/ledger/entries/${hash}`)).body.entry).toMatchObject({ event: 'lock', hash });
  });

  it("ends for everyone on one member's decline, and the pairs go back to the market", async () => {
    const { a, b, c, pairs, loopId, admin } = await threeLoop();
    await acceptLoopAs(a, loopId);
    await acceptLoopAs(b, loopId);
    expect((await c.post(`/api/loops/${loopId}/decline`)).body).toMatchObject({ status: 'declined', allowedActions: [] });
    for (const m of [a, b]) {
      expect((await m.get(`/api/loops/${loopId}`)).body).toMatchObject({ status: 'declined', allowedActions: [] });
      expect((await acceptLoopAs(m, loopId)).status).toBe(409);
    }
    expect(await locksOf(loopId)).toHaveLength(0);
    expect(await ownerOf(pairs.a.id)).toBe(a.user.id);
    // No longer in a proposed loop, but this loop was declined and nothing changed: the next run
    // does not offer it again (loop-declined.int.test.ts has when it may).
    const rerun = await admin.post('/api/admin/loops/run');
    expect(rerun.body.loopIds).toEqual([]);
  });

  it('does not propose a pair again while it waits in a proposed loop', async () => {
    const { admin, a } = await threeLoop();
    const again = await admin.post('/api/admin/loops/run');
    expect(again.status).toBe(200);
    expect(again.body.loopIds).toEqual([]);
    expect((await a.get('/api/loops')).body).toHaveLength(1);
  });

  it('expires after 72 hours without every acceptance', async () => {
    const { a, loopId } = await threeLoop();
    await acceptLoopAs(a, loopId);
    expect((await sweepAfter(2.9)).expired).not.toContain(loopId);
    expect((await sweepAfter(3.1)).expired).toContain(loopId);
    expect((await a.get(`/api/loops/${loopId}`)).body).toMatchObject({ status: 'expired', allowedActions: [] });
  });

  it('ends a proposed loop at the next sweep once one of its pairs went into an accepted trade', async () => {
    const { a, b, pairs, loopId } = await threeLoop();
    await acceptLoopAs(a, loopId);
    const trade = await b.post('/api/trades', { receiverId: a.user.id, proposerSneakerIds: [pairs.b.id], receiverSneakerIds: [pairs.a.id] });
    expect((await a.post(`/api/trades/${trade.body.id}/accept`)).status).toBe(200);
    expect((await sweepAfter(0)).expired).toContain(loopId);
    expect((await b.get(`/api/loops/${loopId}`)).body).toMatchObject({ status: 'expired', allowedActions: [] });
  });

  it("refunds everyone's escrow when one member misses the 5-day ship deadline", async () => {
    const { a, b, c, pairs, loopId } = await threeLoop();
    for (const m of [a, b, c]) await acceptLoopAs(m, loopId);
    await a.post(`/api/loops/${loopId}/ship`, shipBody());
    await b.post(`/api/loops/${loopId}/ship`, shipBody());
    expect((await sweepAfter(4.9)).cancelled).not.toContain(loopId);
    expect((await sweepAfter(5.1)).cancelled).toContain(loopId);
    expect((await a.get(`/api/loops/${loopId}`)).body).toMatchObject({ status: 'cancelled', escrowStatus: 'refunded', allowedActions: [] });
    expect(await locksOf(loopId)).toHaveLength(0);
    for (const [id, owner] of [
      [pairs.a.id, a],
      [pairs.b.id, b],
      [pairs.c.id, c],
    ] as const)
      expect(await ownerOf(id)).toBe(owner.user.id);
    expect(await ledgerOf(loopId)).toEqual(['lock', 'ship', 'ship', 'refund']);
  });

  it('freezes the loop and refunds everyone on a dispute', async () => {
    const { a, b, c, loopId } = await threeLoop();
    for (const m of [a, b, c]) await acceptLoopAs(m, loopId);
    expect((await b.post(`/api/loops/${loopId}/dispute`, {})).status).toBe(400);
    const disputed = await b.post(`/api/loops/${loopId}/dispute`, { reason: 'Wrong pair arrived' });
    expect(disputed.body).toMatchObject({ status: 'disputed', escrowStatus: 'refunded', allowedActions: [] });
    expect(await locksOf(loopId)).toHaveLength(0);
    expect((await c.post(`/api/loops/${loopId}/ship`, shipBody())).status).toBe(409);
  });

  it('tells strangers the loop does not exist, visitors to sign in, and lets only admins run the clearing', async () => {
    const { a, loopId } = await threeLoop();
    const eve = await member(testApp(), 'eve');
    expect((await eve.get(`/api/loops/${loopId}`)).status).toBe(404);
    expect((await acceptLoopAs(eve, loopId)).status).toBe(404);
    expect((await eve.get('/api/loops/not-a-number')).status).toBe(404);
    expect((await eve.get('/api/loops')).body).toEqual([]);
    const admin = await member(testApp(), 'admin', 'admin');
    expect((await admin.get(`/api/loops/${loopId}`)).status).toBe(404);
    const visitor = new TestClient(testApp().app);
    expect((await visitor.get(`/api/loops/${loopId}`)).status).toBe(401);
    expect((await visitor.get('/api/loops')).status).toBe(401);
    expect((await visitor.post('/api/admin/loops/run')).status).toBe(401);
    expect((await eve.post('/api/admin/loops/run')).status).toBe(403);
    expect((await a.get(`/api/loops/${loopId}`)).status).toBe(200);
  });

  it('is cleared every hour by the job queue, which proposes the loop to its members', async () => {
    expect(RECURRING_JOBS).toContainEqual({ kind: 'loops.clear', everyMs: 60 * 60 * 1000 });
    expect(RECURRING_JOBS).toContainEqual({ kind: 'loops.sweep-deadlines', everyMs: 60 * 1000 });
    const [r0, r1] = [releases[(next += 3) - 3]!, releases[next - 2]!];
    const a = await member(testApp(), 'ann');
    const b = await member(testApp(), 'ben');
    await pairOf(testApp(), a, r0);
    await pairOf(testApp(), b, r1);
    await addWant(a, r1);
    await addWant(b, r0);
    const result = (await JOB_HANDLERS['loops.clear']!(testApp().ctx, {})) as { loopIds: number[] };
    expect(result.loopIds).toHaveLength(1);
    const mine = (await b.get('/api/loops')).body;
    expect(mine.map((l: { id: number }) => l.id)).toEqual(result.loopIds);
    expect(mine[0].legs).toHaveLength(2);
    // And it shows among Ann's matches as a loop waiting for her answer.
    expect((await a.get('/api/matches')).body.loops).toMatchObject([{ id: result.loopIds[0], members: 2 }]);
  });

  it('replays an accept sent twice with the same Idempotency-Key', async () => {
    const { a, loopId } = await threeLoop();
    const first = await a.post(`/api/loops/${loopId}/accept`, undefined, { 'idempotency-key': `loop-${loopId}-accept` });
    const second = await a.post(`/api/loops/${loopId}/accept`, undefined, { 'idempotency-key': `loop-${loopId}-accept` });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
  });
});
