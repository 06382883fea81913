import type { AppContext } from '../context';
import { sweepIdempotencyKeys } from '../http/idempotency';
import { runClearing } from '../modules/loops/run-clearing';
import { sweepLoopDeadlines } from '../modules/loops/sweep-loop-deadlines';
import { sweepTradeDeadlines } from '../modules/trades/sweep-trade-deadlines';

/** Does one job; throwing makes the queue retry it with backoff. */
export type JobHandler = (ctx: AppContext, payload: Record<string, unknown>) => Promise<unknown>;

/** Every job kind a worker runs, one line each. */
export const JOB_HANDLERS: Record<string, JobHandler> = {
  'trades.sweep-deadlines': (ctx) => sweepTradeDeadlines(ctx),
  'idempotency.sweep': (ctx) => sweepIdempotencyKeys(ctx.db, ctx.now()),
  'loops.clear': (ctx) => runClearing(ctx),
  'loops.sweep-deadlines': (ctx) => sweepLoopDeadlines(ctx),
};

/** Jobs that re-queue themselves (uniqueKey = kind, so one is queued at a time across instances). */
export const RECURRING_JOBS: Array<{ kind: string; everyMs: number }> = [
  { kind: 'trades.sweep-deadlines', everyMs: 60 * 1000 },
  { kind: 'idempotency.sweep', everyMs: 60 * 60 * 1000 },
  { kind: 'loops.clear', everyMs: 60 * 60 * 1000 },
  { kind: 'loops.sweep-deadlines', everyMs: 60 * 1000 },
];
