import { sweepIdempotencyKeys } from '../http/idempotency';
import type { JobHandler, JobRegistry, RecurringJob } from '../jobs/job-worker';
import { sweepInspectionDeadlines } from './inspection/sweep-inspection-deadlines';
import { sweepLiveEvents } from './live/sweep-live-events';
import { rollUpDailyStats } from './analytics/roll-up-daily-stats';
import { lapseMemberships } from './payments/lapse-memberships';
import { notifyShipDeadlines } from './notifications/notify-ship-deadlines';
import { HELD_PUSH_JOB, sendHeldPush } from './push/push-delivery';
import { ANNOUNCE_JOB, announceNotifications } from './notifications/announce-notifications';
import { sendWantAlertDigests, WANT_DIGEST_JOB } from './notifications/want-alert-digest';
import { runClearing } from './loops/run-clearing';
import { sweepLoopDeadlines } from './loops/sweep-loop-deadlines';
import { reauthorizeLoopsHolds, settleClosedLoopsHolds } from './loops/settle-loop-holds';
import { marketWantlists } from './wants/want-records';
import { refreshQueuedMatches } from './wants/refresh-member-matches';
import { sweepTradeDeadlines } from './trades/sweep-trade-deadlines';
import { POLL_TRACKERS_EVERY_MS, POLL_TRACKERS_JOB, pollTrackers } from './shipping/poll-trackers';
import { TRACK_TYPED_NUMBER_JOB, trackTypedNumber } from './shipping/track-typed-number';
import { runVerificationJob, VERIFICATION_JOB } from './verification/run-verification-job';
import { indexPhotoFeatures, PHOTO_FEATURES_JOB } from './uploads/photo-index/index-photo-features';
import { DAILY_PRICES_JOB, snapshotDailyPrices } from './verification/snapshot-daily-prices';

import { settleClosedTradesCash } from './trades/settle-trade-cash-after';
import { retryPayouts } from './wallet/retry-payouts';
import { reauthorizeTradesCash } from './trades/reauthorize-trades-cash';
import { IDENTITY_JOB_HANDLERS } from './identity/identity-jobs';
/**
 * Every job kind a worker runs, one line each. The queue (server/src/jobs) knows no module: the
 * modules enqueue jobs, and this registry, handed to the worker at start-up, maps each kind to
 * the module function that does it.
 */
export const JOB_HANDLERS: Record<string, JobHandler> = {
  'trades.sweep-deadlines': (ctx) => sweepTradeDeadlines(ctx),
  'trades.settle-cash': (ctx) => settleClosedTradesCash(ctx),
  'trades.reauthorize-cash': (ctx) => reauthorizeTradesCash(ctx),
  'wallet.retry-payouts': async (ctx) => {
    await retryPayouts(ctx);
  },
  'idempotency.sweep': (ctx) => sweepIdempotencyKeys(ctx.db, ctx.now()),
  'live.sweep-events': (ctx) => sweepLiveEvents(ctx),
  'analytics.roll-up-daily': (ctx) => rollUpDailyStats(ctx),
  'payments.lapse-memberships': (ctx) => lapseMemberships(ctx),
  [VERIFICATION_JOB]: (ctx, payload) => runVerificationJob(ctx, { runId: Number(payload.runId) }),
  [DAILY_PRICES_JOB]: (ctx) => snapshotDailyPrices(ctx),
  [PHOTO_FEATURES_JOB]: async (ctx) => {
    await indexPhotoFeatures(ctx);
  },
  'notifications.ship-deadlines': (ctx) => notifyShipDeadlines(ctx),
  [ANNOUNCE_JOB]: (ctx, payload) => announceNotifications(ctx, payload),
  [WANT_DIGEST_JOB]: (ctx) => sendWantAlertDigests(ctx),
  [HELD_PUSH_JOB]: (ctx, payload) => sendHeldPush(ctx, payload),
  'loops.clear': (ctx) => runClearing(ctx, marketWantlists),
  'loops.sweep-deadlines': (ctx) => sweepLoopDeadlines(ctx),
  'loops.settle-holds': (ctx) => settleClosedLoopsHolds(ctx),
  'loops.reauthorize-holds': (ctx) => reauthorizeLoopsHolds(ctx),
  'wants.refresh-matches': async (ctx) => {
    await refreshQueuedMatches(ctx);
  },
  'inspection.sweep-deadlines': (ctx) => sweepInspectionDeadlines(ctx),
  [TRACK_TYPED_NUMBER_JOB]: (ctx, payload) => trackTypedNumber(ctx, { labelId: Number(payload.labelId) }),
  [POLL_TRACKERS_JOB]: async (ctx) => {
    await pollTrackers(ctx);
  },
  ...IDENTITY_JOB_HANDLERS,
};

/** Jobs that re-queue themselves (uniqueKey = kind, so one is queued at a time across instances). */
export const RECURRING_JOBS: RecurringJob[] = [
  { kind: 'trades.sweep-deadlines', everyMs: 60 * 1000 },
  { kind: 'trades.settle-cash', everyMs: 60 * 1000 },
  { kind: 'wallet.retry-payouts', everyMs: 60 * 1000 },
  // Hourly is plenty for holds re-authorized a day before they lapse.
  { kind: 'trades.reauthorize-cash', everyMs: 60 * 60 * 1000 },
  { kind: 'idempotency.sweep', everyMs: 60 * 60 * 1000 },
  { kind: 'live.sweep-events', everyMs: 60 * 60 * 1000 },
  // Hourly, so a finished day is rolled up within the hour after midnight (UTC).
  { kind: 'analytics.roll-up-daily', everyMs: 60 * 60 * 1000 },
  { kind: 'payments.lapse-memberships', everyMs: 60 * 1000 },
  // Hourly, writing once per day: the first run after midnight UTC (or after downtime) takes the day's snapshot.
  { kind: DAILY_PRICES_JOB, everyMs: 60 * 60 * 1000 },
  { kind: 'notifications.ship-deadlines', everyMs: 5 * 60 * 1000 },
  // Issue #45: the want-alert digests, at most one a member a day (the hour after a day begins sends it).
  { kind: WANT_DIGEST_JOB, everyMs: 60 * 60 * 1000 },
  { kind: 'loops.clear', everyMs: 60 * 60 * 1000 },
  { kind: 'loops.sweep-deadlines', everyMs: 60 * 1000 },
  { kind: 'loops.settle-holds', everyMs: 60 * 1000 },
  { kind: 'loops.reauthorize-holds', everyMs: 60 * 60 * 1000 },
  // Stored matches of members whose pairs or wants changed outside a request (a bulk load, an admin's change).
  { kind: 'wants.refresh-matches', everyMs: 10 * 1000 },
  { kind: 'inspection.sweep-deadlines', everyMs: 60 * 1000 },
  // Issue #43: carrier events no webhook brought, for labels not heard of within the hour.
  { kind: POLL_TRACKERS_JOB, everyMs: POLL_TRACKERS_EVERY_MS },
  // Listing photos get their local features within seconds, so a later copy of any photo is found (#41).
  { kind: PHOTO_FEATURES_JOB, everyMs: 10 * 1000 },
];

/** What start-up hands to the job worker. */
export const MODULE_JOBS: JobRegistry = { handlers: JOB_HANDLERS, recurring: RECURRING_JOBS };
