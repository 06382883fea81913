import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import { claimNextJob, completeJob, enqueue, failJob, JOB_HEARTBEAT_MS, releaseJob, renewJobClaim, type JobRow } from './job-queue';

/** Does one job; throwing makes the queue retry it with backoff. */
export type JobHandler = (ctx: AppContext, payload: Record<string, unknown>) => Promise<unknown>;

/** A job that re-queues itself (uniqueKey = kind, so one is queued at a time across instances). */
export interface RecurringJob {
  kind: string;
  everyMs: number;
}

/**
 * The jobs a worker runs: a handler per kind, and which kinds recur. The modules' registry
 * (server/src/modules/register-jobs.ts) is handed in at start-up, so the queue imports no module.
 */
export interface JobRegistry {
  handlers: Record<string, JobHandler>;
  recurring: RecurringJob[];
}

export interface WorkerSetup extends JobRegistry {
  workerId?: string;
  /** Told of each job as soon as it is claimed (the worker hands it back if it must stop). */
  onClaimed?: (job: JobRow) => void;
  /** How often the running job's claim is renewed (default JOB_HEARTBEAT_MS). */
  heartbeatMs?: number;
  /** Told after each renewal of the running job's claim, with whether the claim was still this worker's. */
  onHeartbeat?: (job: JobRow, renewed: boolean) => void;
  /** How long an unrenewed claim holds before another worker may take the job (default STALE_LOCK_MS). */
  staleLockMs?: number;
}

/**
 * Renews `job`'s claim every `heartbeatMs` while it runs, so a job longer than the stale-lock
 * window is not claimed by another worker and run twice. `stop` ends it and waits for a renewal
 * under way, so none lands after the job is completed or failed.
 */
function keepClaim(ctx: AppContext, job: JobRow, setup: WorkerSetup): { stop(): Promise<void> } {
  let renewing: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    renewing = renewing
      .then(() => renewJobClaim(ctx.db, job, ctx.now()))
      .then(
        (renewed) => setup.onHeartbeat?.(job, renewed),
        () => undefined, // A failed renewal is tried again at the next beat; the claim holds till the stale window ends.
      );
  }, setup.heartbeatMs ?? JOB_HEARTBEAT_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await renewing;
    },
  };
}

const defaultWorkerId = () => `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;

/** Queues the first run of every recurring job that is not queued yet (safe on every start, on every instance). */
export async function scheduleRecurringJobs(ctx: AppContext, recurring: RecurringJob[]): Promise<void> {
  for (const { kind } of recurring) await enqueue(ctx.db, kind, {}, { uniqueKey: kind, runAt: ctx.now() });
}

/**
 * Claims and runs one due job; returns it (with `failed` when its handler threw), or null when
 * nothing is due. A recurring job queues its next run once this one is finished for good.
 */
export async function runNextJob(ctx: AppContext, setup: WorkerSetup): Promise<(JobRow & { failed: boolean; error?: unknown }) | null> {
  const { handlers, recurring } = setup;
  const job = await claimNextJob(ctx.db, {
    kinds: Object.keys(handlers),
    workerId: setup.workerId ?? defaultWorkerId(),
    now: ctx.now(),
    staleLockMs: setup.staleLockMs,
  });
  if (!job) return null;
  setup.onClaimed?.(job);
  let finished = true;
  let failed = false;
  let failure: unknown;
  const claim = keepClaim(ctx, job, setup);
  try {
    try {
      await handlers[job.kind]!(ctx, (job.payload ?? {}) as Record<string, unknown>);
    } finally {
      await claim.stop();
    }
    await completeJob(ctx.db, job, ctx.now());
  } catch (error) {
    failed = true;
    failure = error;
    finished = !(await failJob(ctx.db, job, error, ctx.now()));
  }
  // Even a failed run may have committed part of its work: listeners (the response cache) hear of both.
  ctx.events.emit('job.finished', { kind: job.kind, failed });
  const every = recurring.find((r) => r.kind === job.kind)?.everyMs;
  if (finished && every !== undefined) {
    await enqueue(ctx.db, job.kind, {}, { uniqueKey: job.kind, runAt: new Date(ctx.now().getTime() + every) });
  }
  return failed ? { ...job, failed, error: failure } : { ...job, failed };
}

export interface JobWorker {
  /**
   * Stops claiming jobs and waits up to `graceMs` for the running one. A job still running then
   * is handed back (its claim released) so another instance, or the next start, runs it again.
   */
  stop(graceMs: number): Promise<void>;
}

/** Starts polling the queue every `pollMs`, running due jobs of `registry` one after another. */
export function startJobWorker(ctx: AppContext, log: FastifyBaseLogger, registry: JobRegistry, pollMs = 1000): JobWorker {
  const workerId = defaultWorkerId();
  let running: Promise<void> | null = null;
  let current: JobRow | null = null;
  let scheduled = false;
  let stopping = false;
  const onClaimed = (job: JobRow) => {
    current = job;
  };
  const tick = async () => {
    try {
      if (!scheduled) {
        await scheduleRecurringJobs(ctx, registry.recurring);
        scheduled = true;
      }
      while (!stopping) {
        const job = await runNextJob(ctx, { ...registry, workerId, onClaimed });
        current = null;
        if (!job) break;
        if (job.failed) log.warn({ jobId: job.id, kind: job.kind, attempts: job.attempts, err: job.error }, 'job failed');
      }
    } catch (error) {
      log.error({ err: error }, 'job worker tick failed');
    }
  };
  const timer = setInterval(() => {
    if (running || stopping) return;
    running = tick().finally(() => {
      running = null;
    });
  }, pollMs);
  timer.unref();

  return {
    async stop(graceMs) {
      stopping = true;
      clearInterval(timer);
      if (!running) return;
      let timeout: NodeJS.Timeout | undefined;
      const finished = await Promise.race([
        running.then(() => true),
        new Promise<false>((resolve) => (timeout = setTimeout(() => resolve(false), graceMs))),
      ]);
      clearTimeout(timeout);
      const job = current as JobRow | null;
      if (finished || !job) return;
      log.warn({ jobId: job.id, kind: job.kind }, 'job still running at shutdown: handed back to the queue');
      await releaseJob(ctx.db, job).catch((error) => log.error({ err: error }, 'handing back a job failed'));
    },
  };
}
