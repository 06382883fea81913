import { MINUTE_MS } from '@soleswap/contracts/time';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs, trades } from '../db/schema/index';
import { useTestApp } from '../../test/test-app';
import { buildTrade, buildSneaker, buildUser } from '../../test/factories';
import { claimNextJob, enqueue, MAX_ATTEMPTS, PermanentJobFailure, releaseJob, retryDelayMs } from './job-queue';
import { MODULE_JOBS } from '../modules/register-jobs';
import { runNextJob, scheduleRecurringJobs } from './job-worker';

describe('the job queue', () => {
  const testApp = useTestApp();
  const jobById = async (id: number) => (await testApp().ctx.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

  it('runs due jobs by priority, skips jobs not yet due, and keeps one job per uniqueKey', async () => {
    const { ctx } = testApp();
    const ran: string[] = [];
    const handlers = { 'test.note': async (_ctx: unknown, payload: Record<string, unknown>) => void ran.push(String(payload.n)) };
    await enqueue(ctx.db, 'test.note', { n: 'later' }, { runAt: new Date(Date.now() + 10 * MINUTE_MS) });
    await enqueue(ctx.db, 'test.note', { n: 'low' }, { priority: 200 });
    await enqueue(ctx.db, 'test.note', { n: 'high' }, { priority: 10 });
    expect(await enqueue(ctx.db, 'test.note', { n: 'once' }, { uniqueKey: 'once' })).not.toBeNull();
    expect(await enqueue(ctx.db, 'test.note', { n: 'twice' }, { uniqueKey: 'once' })).toBeNull();

    while (await runNextJob(ctx, { handlers, recurring: [] }));
    expect(ran).toEqual(['high', 'once', 'low']);
  });

  it('runs a job handed back at shutdown again at once on another worker, the interrupted try not counted', async () => {
    const { ctx } = testApp();
    const id = (await enqueue(ctx.db, 'test.note', { n: 'handed back' }))!;
    const claimed = (await claimNextJob(ctx.db, { kinds: ['test.note'], workerId: 'stopping', now: ctx.now() }))!;
    expect(claimed.id).toBe(id);
    expect(await claimNextJob(ctx.db, { kinds: ['test.note'], workerId: 'other', now: ctx.now() })).toBeNull();

    await releaseJob(ctx.db, claimed);

    const ran: string[] = [];
    const handlers = { 'test.note': async (_ctx: unknown, payload: Record<string, unknown>) => void ran.push(String(payload.n)) };
    expect(await runNextJob(ctx, { handlers, recurring: [], workerId: 'other' })).toMatchObject({ id, attempts: 1, failed: false });
    expect(ran).toEqual(['handed back']);
  });

  it('retries a failing job with backoff, records the error, and gives up after MAX_ATTEMPTS', async () => {
    const { ctx } = testApp();
    const handlers = {
      'test.fail': async () => {
        throw new Error('carrier API down');
      },
    };
    const id = (await enqueue(ctx.db, 'test.fail'))!;
    const realNow = ctx.now;
    try {
      let clock = Date.now();
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        ctx.now = () => new Date(clock);
        const job = await runNextJob(ctx, { handlers, recurring: [] });
        expect(job).toMatchObject({ id, failed: true, attempts: attempt });
        const row = await jobById(id);
        expect(row.lastError).toContain('carrier API down');
        if (attempt < MAX_ATTEMPTS) {
          expect(row.doneAt).toBeNull();
          expect(row.runAt.getTime()).toBe(clock + retryDelayMs(attempt));
          // Not due again before the backoff has passed.
          expect(await runNextJob(ctx, { handlers, recurring: [] })).toBeNull();
          clock += retryDelayMs(attempt);
        } else {
          expect(row.doneAt).not.toBeNull();
        }
      }
      ctx.now = () => new Date(clock + 24 * 60 * MINUTE_MS);
      expect(await runNextJob(ctx, { handlers, recurring: [] })).toBeNull();
    } finally {
      ctx.now = realNow;
    }
  });

  it('gives a job up at its first failure when retrying cannot cure it, the error kept', async () => {
    const { ctx } = testApp();
    const handlers = {
      'test.refused': async () => {
        throw new PermanentJobFailure('market above the clearing limit');
      },
    };
    const id = (await enqueue(ctx.db, 'test.refused', {}, { uniqueKey: 'test.refused' }))!;
    expect(await runNextJob(ctx, { handlers, recurring: [] })).toMatchObject({ id, failed: true, attempts: 1 });
    const row = await jobById(id);
    expect(row.doneAt).not.toBeNull();
    expect(row.lastError).toContain('market above the clearing limit');
    // Given up: nothing runs later, and the next run of its kind may be queued again.
    const realNow = ctx.now;
    try {
      ctx.now = () => new Date(Date.now() + 24 * 60 * MINUTE_MS);
      expect(await runNextJob(ctx, { handlers, recurring: [] })).toBeNull();
    } finally {
      ctx.now = realNow;
    }
    expect(await enqueue(ctx.db, 'test.refused', {}, { uniqueKey: 'test.refused' })).not.toBeNull();
  });

  it('never hands one job to two workers at once', async () => {
    const { ctx } = testApp();
    await enqueue(ctx.db, 'test.claim', { n: 1 });
    await enqueue(ctx.db, 'test.claim', { n: 2 });
    const claims = await Promise.all(
      ['w1', 'w2', 'w3'].map((workerId) => claimNextJob(ctx.db, { kinds: ['test.claim'], workerId, now: new Date() })),
    );
    const ids = claims.filter((c) => c !== null).map((c) => c!.id);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
  });

  it('re-queues the recurring deadline sweep one minute later, once, and the sweep applies deadlines', async () => {
    const { ctx } = testApp();
    const alice = await buildUser(ctx);
    const bob = await buildUser(ctx);
    const [a, b] = [await buildSneaker(ctx, { userId: alice.id }), await buildSneaker(ctx, { userId: bob.id })];
    const stale = await buildTrade(ctx, {
      proposerId: alice.id,
      receiverId: bob.id,
      proposerSneakerIds: [a.id],
      receiverSneakerIds: [b.id],
      expiresAt: new Date(Date.now() - MINUTE_MS),
    });

    await scheduleRecurringJobs(ctx, MODULE_JOBS.recurring);
    await scheduleRecurringJobs(ctx, MODULE_JOBS.recurring);
    const queued = await ctx.db.select().from(jobs).where(eq(jobs.kind, 'trades.sweep-deadlines'));
    expect(queued).toHaveLength(1);

    let job = await runNextJob(ctx, MODULE_JOBS);
    while (job && job.kind !== 'trades.sweep-deadlines') job = await runNextJob(ctx, MODULE_JOBS);
    expect(job).toMatchObject({ kind: 'trades.sweep-deadlines', failed: false });
    const [trade] = await ctx.db.select({ status: trades.status }).from(trades).where(eq(trades.id, stale.id));
    expect(trade!.status).toBe('expired');

    const next = await ctx.db.select().from(jobs).where(eq(jobs.uniqueKey, 'trades.sweep-deadlines'));
    expect(next).toHaveLength(1);
    expect(next[0]!.doneAt).toBeNull();
    expect(next[0]!.runAt.getTime() - Date.now()).toBeGreaterThan(50 * 1000);
  });

  it('keeps the claim of a job that runs longer than the stale-lock window, so no other worker runs it too', async () => {
    const { ctx } = testApp();
    const staleLockMs = 1000;
    const id = (await enqueue(ctx.db, 'test.long'))!;
    const realNow = ctx.now;
    let clock = Date.now();
    ctx.now = () => new Date(clock);
    let beat: (renewed: boolean) => void = () => undefined;
    let takenOver: unknown = 'not tried';
    const runs: string[] = [];
    try {
      const handlers = {
        'test.long': async () => {
          runs.push('first worker');
          // The job has now run for twice the stale window (by the context's clock): only a renewed claim protects it.
          clock += 2 * staleLockMs;
          await new Promise<boolean>((resolve) => (beat = resolve));
          takenOver = await claimNextJob(ctx.db, { kinds: ['test.long'], workerId: 'second', now: ctx.now(), staleLockMs });
        },
      };
      const job = await runNextJob(ctx, {
        handlers,
        recurring: [],
        workerId: 'first',
        staleLockMs,
        heartbeatMs: 10,
        onHeartbeat: (_job, renewed) => beat(renewed),
      });
      expect(job).toMatchObject({ id, failed: false });
    } finally {
      ctx.now = realNow;
    }
    expect(takenOver).toBeNull();
    expect(runs).toEqual(['first worker']);
    expect(await jobById(id)).toMatchObject({ lockedAt: null, lockedBy: null, attempts: 1, doneAt: expect.any(Date) });
  });

  it('lets another worker take over a claim nobody renewed within the stale-lock window', async () => {
    const { ctx } = testApp();
    const id = (await enqueue(ctx.db, 'test.stalled'))!;
    const now = Date.now();
    expect(await claimNextJob(ctx.db, { kinds: ['test.stalled'], workerId: 'stalled', now: new Date(now), staleLockMs: 1000 })).toMatchObject({ id });
    expect(await claimNextJob(ctx.db, { kinds: ['test.stalled'], workerId: 'other', now: new Date(now + 500), staleLockMs: 1000 })).toBeNull();
    expect(await claimNextJob(ctx.db, { kinds: ['test.stalled'], workerId: 'other', now: new Date(now + 1500), staleLockMs: 1000 })).toMatchObject({
      id,
      lockedBy: 'other',
      attempts: 2,
    });
  });
});
