import { STATS_HOURLY_MAX_HOURS, STATS_TOP_MAX, type SiteAnalytics, type SiteStatsQuery, type VisitsBucket } from '@soleswap/contracts/analytics';
import type { AppContext } from '../../context';
import type { DailyCounts } from '../../db/schema/index';
import { findDailyStats, findLastRolledUpDay } from './daily-stats.repository';
import { countUniqueVisitors, findRawFigures, type Bucket, type RawFigures } from './site-events.repository';
import { addMs, dayKey, dayStart, startOfUtcDay, startOfUtcHour } from './utc-days';
import { DAY_MS, HOUR_MS } from '@soleswap/contracts/time';
import { isAppPage } from '@soleswap/contracts/app-pages';

function addCounts(into: DailyCounts, from: DailyCounts) {
  for (const [key, n] of Object.entries(from)) into[key] = (into[key] ?? 0) + Number(n);
}

function top<K extends string>(counts: DailyCounts, name: K, limit = STATS_TOP_MAX) {
  return Object.entries(counts)
    .filter(([, count]) => count > 0)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .slice(0, limit)
    .map(([key, count]) => ({ [name]: key, count }) as { [P in K]: string } & { count: number });
}

/** Every bucket of the period in order, empty ones as zeros, so the chart has no gaps. */
function fillBuckets(from: Date, to: Date, bucket: Bucket, counts: Map<string, { visits: number; pageViews: number }>): VisitsBucket[] {
  const step = bucket === 'hour' ? HOUR_MS : DAY_MS;
  const first = bucket === 'hour' ? startOfUtcHour(from) : startOfUtcDay(from);
  const list: VisitsBucket[] = [];
  for (let t = first; t < to; t = addMs(t, step)) {
    const start = t.toISOString();
    list.push({ start, ...(counts.get(start) ?? { visits: 0, pageViews: 0 }) });
  }
  return list;
}

/**
 * The figures of a window that reaches past the last roll-up: finished days come from
 * `daily_stats` (one row a day, so a year is 365 rows), the rest from the events.
 */
async function figuresWithRollUps(ctx: AppContext, from: Date, to: Date): Promise<RawFigures> {
  const last = await findLastRolledUpDay(ctx.db);
  const firstWholeDay = startOfUtcDay(from).getTime() === from.getTime() ? from : addMs(startOfUtcDay(from), DAY_MS);
  const rolledEnd = last ? new Date(Math.min(addMs(dayStart(last), DAY_MS).getTime(), startOfUtcDay(to).getTime())) : firstWholeDay;
  if (rolledEnd <= firstWholeDay) return findRawFigures(ctx.db, { from, to, bucket: 'day' });

  const head = await findRawFigures(ctx.db, { from, to: firstWholeDay, bucket: 'day' });
  const tail = await findRawFigures(ctx.db, { from: rolledEnd, to, bucket: 'day' });
  const days = await findDailyStats(ctx.db, { fromDay: dayKey(firstWholeDay), toDay: dayKey(rolledEnd) });
  const sum: RawFigures = { pageViews: 0, totalVisitors: 0, pages: {}, devices: {}, browsers: {}, buckets: new Map() };
  for (const part of [head, tail]) {
    sum.pageViews += part.pageViews;
    sum.totalVisitors += part.totalVisitors;
    addCounts(sum.pages, part.pages);
    addCounts(sum.devices, part.devices);
    addCounts(sum.browsers, part.browsers);
    for (const [start, n] of part.buckets) sum.buckets.set(start, n);
  }
  for (const day of days) {
    sum.pageViews += day.pageViews;
    sum.totalVisitors += day.totalVisitors;
    addCounts(sum.pages, day.pageCounts);
    addCounts(sum.devices, day.deviceCounts);
    addCounts(sum.browsers, day.browserCounts);
    sum.buckets.set(dayStart(day.date).toISOString(), { visits: day.totalVisitors, pageViews: day.pageViews });
  }
  return sum;
}

/** The counts of the app's own pages (contracts/app-pages.ts). */
function appPagesOnly(pages: DailyCounts): DailyCounts {
  return Object.fromEntries(Object.entries(pages).filter(([page]) => isAppPage(page)));
}

/**
 * Site statistics for the last `hours` hours (admins). Page views are events, unique visitors
 * distinct sessions, total visitors distinct (session, UTC day) visits; devices and browsers
 * count visits. Bots are never counted. Up to 48 hours everything is read from the events in
 * hourly buckets; longer windows use the daily roll-ups for finished days.
 */
export async function getSiteStats(ctx: AppContext, { hours }: SiteStatsQuery): Promise<SiteAnalytics> {
  const to = ctx.now();
  const from = addMs(to, -hours * HOUR_MS);
  const bucket: Bucket = hours <= STATS_HOURLY_MAX_HOURS ? 'hour' : 'day';
  const figures = bucket === 'hour' ? await findRawFigures(ctx.db, { from, to, bucket }) : await figuresWithRollUps(ctx, from, to);
  const uniqueVisitors = await countUniqueVisitors(ctx.db, { from, to });
  return {
    timeframe: `${hours}h`,
    period: { from: from.toISOString(), to: to.toISOString() },
    stats: {
      totalVisitors: figures.totalVisitors,
      uniqueVisitors,
      pageViews: figures.pageViews,
      // Pages stored before only the app's own were accepted are left out too.
      topPages: top(appPagesOnly(figures.pages), 'page'),
      deviceBreakdown: top(figures.devices, 'device'),
      browserBreakdown: top(figures.browsers, 'browser'),
      visitsOverTime: fillBuckets(from, to, bucket, figures.buckets),
      bucket,
    },
    generatedAt: to.toISOString(),
  };
}
