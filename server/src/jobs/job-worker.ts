import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import { claimNextJob, completeJob, enqueue, failJob, type JobRow } from './job-queue';
import { JOB_HANDLERS, RECURRING_JOBS, type JobHandler } from './job-registry';

export interface WorkerSetup {
  handlers?: Record<string, JobHandler>;
  recurring?: Array<{ kind: string; everyMs: number }>;
  workerId?: string;
}

const defaultWorkerId = () => `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;

/** Queues the first run of every recurring job that is not queued yet (safe on every start, on every instance). */
export async function scheduleRecurringJobs(ctx: AppContext, recurring = RECURRING_JOBS): Promise<void> {
  for (const { kind } of recurring) await enqueue(ctx.db, kind, {}, { uniqueKey: kind, runAt: ctx.now() });
}

/**
 * Claims and runs one due job; returns it (with `failed` when its handler threw), or null when
 * nothing is due. A recurring job queues its next run once this one is finished for good.
 */
export async function runNextJob(ctx: AppContext, setup: WorkerSetup = {}): Promise<(JobRow & { failed: boolean }) | null> {
  const handlers = setup.handlers ?? JOB_HANDLERS;
  const recurring = setup.recurring ?? RECURRING_JOBS;
  const job = await claimNextJob(ctx.db, {
    kinds: Object.keys(handlers),
    workerId: setup.workerId ?? defaultWorkerId(),
    now: ctx.now(),
  });
  if (!job) return null;
  let finished = true;
  let failed = false;
  try {
    await handlers[job.kind]!(ctx, (job.payload ?? {}) as Record<string, unknown>);
    await completeJob(ctx.db, job, ctx.now());
  } catch (error) {
    failed = true;
    finished = !(await failJob(ctx.db, job, error, ctx.now()));
  }
  const every = recurring.find((r) => r.kind === job.kind)?.everyMs;
  if (finished && every !== undefined) {
    await enqueue(ctx.db, job.kind, {}, { uniqueKey: job.kind, runAt: new Date(ctx.now().getTime() + every) });
  }
  return { ...job, failed };
}

/**
 * Starts polling the queue every `pollMs`, running due jobs one after another. Returns the
 * interval timer: clearInterval stops it.
 */
export function startJobWorker(ctx: AppContext, log: FastifyBaseLogger, pollMs = 1000): NodeJS.Timeout {
  const workerId = defaultWorkerId();
  let busy = false;
  let scheduled = false;
  const tick = async () => {
    if (busy) return;
    busy = true;
    try {
      if (!scheduled) {
        await scheduleRecurringJobs(ctx);
        scheduled = true;
      }
      for (let job = await runNextJob(ctx, { workerId }); job; job = await runNextJob(ctx, { workerId })) {
        if (job.failed) log.warn({ jobId: job.id, kind: job.kind, attempts: job.attempts }, 'job failed');
      }
    } catch (error) {
      log.error({ err: error }, 'job worker tick failed');
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void tick(), pollMs);
  timer.unref();
  return timer;
}
