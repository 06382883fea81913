import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobs } from '../db/schema/index';

/**
 * A small job queue in PostgreSQL (see docs/decisions/003-postgres-job-queue.md): jobs are rows, workers on any number of
 * instances claim them with FOR UPDATE SKIP LOCKED, so each job runs on one worker at a time.
 */

export type JobRow = typeof jobs.$inferSelect;

export interface EnqueueOptions {
  /** Not before this time (default: now). */
  runAt?: Date;
  /** Lower runs first (default 100). */
  priority?: number;
  /**
   * At most one queued job per key: enqueueing again while one is queued or running does
   * nothing. The key is freed when the job finishes, so a recurring job can queue its next run.
   */
  uniqueKey?: string;
}

/**
 * A job whose claim was not renewed for this long belongs to a worker that died; another may claim
 * it. A running job's worker renews the claim every JOB_HEARTBEAT_MS (job-worker.ts), so a job
 * that runs for longer than this is not claimed, and run, a second time.
 */
export const STALE_LOCK_MS = 5 * 60 * 1000;
/** How often a worker renews the claim of the job it is running: well within STALE_LOCK_MS. */
export const JOB_HEARTBEAT_MS = 60 * 1000;
/** After this many failed attempts a job is given up (kept, with its last error). */
export const MAX_ATTEMPTS = 5;

/** Queues a job; returns its id, or null when a job with the same uniqueKey is already queued. */
export async function enqueue(db: Db, kind: string, payload: Record<string, unknown> = {}, options: EnqueueOptions = {}): Promise<number | null> {
  const rows = await db
    .insert(jobs)
    .values({
      kind,
      payload,
      priority: options.priority ?? 100,
      runAt: options.runAt ?? new Date(),
      uniqueKey: options.uniqueKey ?? null,
    })
    .onConflictDoNothing({ target: jobs.uniqueKey })
    .returning({ id: jobs.id });
  return rows[0]?.id ?? null;
}

/**
 * Claims the next due job of one of `kinds` for `workerId`: highest priority, then oldest
 * runAt. Rows other workers hold are skipped, not waited for.
 */
export async function claimNextJob(
  db: Db,
  { kinds, workerId, now, staleLockMs = STALE_LOCK_MS }: { kinds: string[]; workerId: string; now: Date; staleLockMs?: number },
) {
  if (kinds.length === 0) return null;
  const staleBefore = new Date(now.getTime() - staleLockMs);
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(isNull(jobs.doneAt), lte(jobs.runAt, now), inArray(jobs.kind, kinds), or(isNull(jobs.lockedAt), lt(jobs.lockedAt, staleBefore))))
    .orderBy(asc(jobs.priority), asc(jobs.runAt), asc(jobs.id))
    .limit(1)
    .for('update', { skipLocked: true });
  const [job] = await db
    .update(jobs)
    .set({ lockedAt: now, lockedBy: workerId, attempts: sql`${jobs.attempts} + 1` })
    .where(eq(jobs.id, sql`(${due})`))
    .returning();
  return job ?? null;
}

/**
 * Renews the claim of a job still running on `job.lockedBy` (its heartbeat); false when the claim
 * is no longer this worker's (finished, handed back, or taken over after the worker stalled).
 */
export async function renewJobClaim(db: Db, job: JobRow, now: Date): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ lockedAt: now })
    .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, job.lockedBy ?? ''), isNull(jobs.doneAt)))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * Hands a claimed job back unfinished (its worker is shutting down): it is due again at once for
 * any worker, and the attempt does not count.
 */
export async function releaseJob(db: Db, job: JobRow): Promise<void> {
  await db
    .update(jobs)
    .set({ lockedAt: null, lockedBy: null, attempts: sql`greatest(${jobs.attempts} - 1, 0)` })
    .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, job.lockedBy ?? ''), isNull(jobs.doneAt)));
}

/** Marks the job done and frees its uniqueKey. */
export async function completeJob(db: Db, job: JobRow, now: Date): Promise<void> {
  await db
    .update(jobs)
    .set({ doneAt: now, lockedAt: null, lockedBy: null, uniqueKey: null })
    .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, job.lockedBy ?? '')));
}

/**
 * A failure that retrying cannot cure: the job's input stays what it is until something else
 * changes it (the loop clearing of a market above the engine's limit). The job is given up at
 * once, its error kept, instead of being run again four times after backoffs, each as costly.
 */
export class PermanentJobFailure extends Error {}

/** Wait before the next attempt: 10 s, 20 s, 40 s … capped at one hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(10_000 * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);
}

/**
 * Records the failure: the job runs again after a backoff, or, after MAX_ATTEMPTS or a
 * PermanentJobFailure, is given up (done, uniqueKey freed) with its last error kept. Returns
 * whether it will retry.
 */
export async function failJob(db: Db, job: JobRow, error: unknown, now: Date): Promise<boolean> {
  const lastError = (error instanceof Error ? (error.stack ?? error.message) : String(error)).slice(0, 4000);
  const retry = job.attempts < MAX_ATTEMPTS && !(error instanceof PermanentJobFailure);
  await db
    .update(jobs)
    .set(
      retry
        ? { lockedAt: null, lockedBy: null, lastError, runAt: new Date(now.getTime() + retryDelayMs(job.attempts)) }
        : { lockedAt: null, lockedBy: null, lastError, doneAt: now, uniqueKey: null },
    )
    .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, job.lockedBy ?? '')));
  return retry;
}

/** When a job was finished with (done or given up) and its last error; null when there is no such job. */
export async function findJobOutcome(db: Db, jobId: number): Promise<{ doneAt: Date | null; lastError: string | null } | null> {
  const [row] = await db.select({ doneAt: jobs.doneAt, lastError: jobs.lastError }).from(jobs).where(eq(jobs.id, jobId));
  return row ?? null;
}
