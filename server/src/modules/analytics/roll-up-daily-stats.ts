import type { AppContext } from '../../context';
import { findLastRolledUpDay, upsertDailyStats } from './daily-stats.repository';
import { findDayVisitorFigures, findFirstEventTime, findRawFigures } from './site-events.repository';
import { MAX_EVENT_AGE_MS } from './track-site-events';
import { addMs, dayKey, dayStart, startOfUtcDay } from './utc-days';
import { DAY_MS } from '@soleswap/contracts/time';

/** Days rolled up in one run at most, so a long backlog is caught up over a few runs. */
const MAX_DAYS_PER_RUN = 400;

/**
 * Rolls one UTC day of events up into `daily_stats`. Running it again for the same day gives
 * the same row (the figures are recomputed from the events and upserted).
 */
export async function rollUpDay(ctx: AppContext, day: string): Promise<void> {
  const from = dayStart(day);
  const to = addMs(from, DAY_MS);
  const raw = await findRawFigures(ctx.db, { from, to, bucket: 'day' });
  const visitors = await findDayVisitorFigures(ctx.db, { from, to });
  await upsertDailyStats(ctx.db, {
    date: day,
    pageViews: raw.pageViews,
    // On a single day every session is one visit: the two counts agree.
    totalVisitors: raw.totalVisitors,
    uniqueVisitors: raw.totalVisitors,
    newUsers: visitors.newUsers,
    returningUsers: visitors.returningUsers,
    avgSessionDuration: visitors.avgSessionDuration,
    pageCounts: raw.pages,
    deviceCounts: raw.devices,
    browserCounts: raw.browsers,
    rolledUpAt: ctx.now(),
  });
}

/**
 * The recurring job: rolls up every finished day not rolled up yet, oldest first, starting
 * after the last rolled-up day (or at the first event). A day counts as finished once no event
 * can still be stamped with it: events are accepted up to MAX_EVENT_AGE_MS late.
 * Returns the days it rolled up.
 */
export async function rollUpDailyStats(ctx: AppContext): Promise<string[]> {
  const lastFinishedEnd = startOfUtcDay(addMs(ctx.now(), -MAX_EVENT_AGE_MS));
  const last = await findLastRolledUpDay(ctx.db);
  let start: Date;
  if (last) start = addMs(dayStart(last), DAY_MS);
  else {
    const first = await findFirstEventTime(ctx.db);
    if (!first) return [];
    start = startOfUtcDay(first);
  }
  const days: string[] = [];
  for (let day = start; day < lastFinishedEnd && days.length < MAX_DAYS_PER_RUN; day = addMs(day, DAY_MS)) {
    await rollUpDay(ctx, dayKey(day));
    days.push(dayKey(day));
  }
  return days;
}
