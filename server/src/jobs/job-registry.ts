import type { AppContext } from '../context';
import { sweepIdempotencyKeys } from '../http/idempotency';
import { sweepLiveEvents } from '../modules/live/sweep-live-events';
import { notifyShipDeadlines } from '../modules/notifications/notify-ship-deadlines';
import { sweepTradeDeadlines } from '../modules/trades/sweep-trade-deadlines';

/** Does one job; throwing makes the queue retry it with backoff. */
export type JobHandler = (ctx: AppContext, payload: Record<string, unknown>) => Promise<unknown>;

/** Every job kind a worker runs, one line each. */
export const JOB_HANDLERS: Record<string, JobHandler> = {
  'trades.sweep-deadlines': (ctx) => sweepTradeDeadlines(ctx),
  'idempotency.sweep': (ctx) => sweepIdempotencyKeys(ctx.db, ctx.now()),
  'live.sweep-events': (ctx) => sweepLiveEvents(ctx),
  'notifications.ship-deadlines': (ctx) => notifyShipDeadlines(ctx),
};

/** Jobs that re-queue themselves (uniqueKey = kind, so one is queued at a time across instances). */
export const RECURRING_JOBS: Array<{ kind: string; everyMs: number }> = [
  { kind: 'trades.sweep-deadlines', everyMs: 60 * 1000 },
  { kind: 'idempotency.sweep', everyMs: 60 * 60 * 1000 },
  { kind: 'live.sweep-events', everyMs: 60 * 60 * 1000 },
  { kind: 'notifications.ship-deadlines', everyMs: 5 * 60 * 1000 },
];
