import { rowsOf } from '../../db/raw-rows';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { analyticsEvents, type DailyCounts } from '../../db/schema/index';

const e = analyticsEvents;

export type NewSiteEvent = typeof analyticsEvents.$inferInsert;

export async function insertSiteEvents(db: Db, events: NewSiteEvent[]): Promise<void> {
  if (events.length) await db.insert(analyticsEvents).values(events);
}

function rows<T>(result: unknown): T[] {
  return rowsOf<T>(result);
}

/** Human events from `from` (inclusive) to `to` (exclusive); bots never count. */
const human = (from: Date, to: Date): SQL =>
  sql`${e.isBot} = false and ${e.timestamp} >= ${from.toISOString()}::timestamptz and ${e.timestamp} < ${to.toISOString()}::timestamptz`;

/** The UTC day of an event, as text; a visit is one session on one day. */
const utcDay = sql`to_char(${e.timestamp} at time zone 'UTC', 'YYYY-MM-DD')`;
const visitKey = sql`${e.sessionId} || '/' || ${utcDay}`;

export type Bucket = 'hour' | 'day';
const bucketStart = (bucket: Bucket) =>
  bucket === 'hour'
    ? sql`to_char(date_trunc('hour', ${e.timestamp} at time zone 'UTC'), 'YYYY-MM-DD"T"HH24":00:00.000Z"')`
    : sql`to_char(date_trunc('day', ${e.timestamp} at time zone 'UTC'), 'YYYY-MM-DD"T00:00:00.000Z"')`;

/** Figures of one stretch of raw events; every count here adds up across disjoint days. */
export interface RawFigures {
  pageViews: number;
  totalVisitors: number;
  pages: DailyCounts;
  devices: DailyCounts;
  browsers: DailyCounts;
  /** Bucket start (ISO) to distinct sessions and events in it. */
  buckets: Map<string, { visits: number; pageViews: number }>;
}

/** How many pages a stretch or a day keeps; the list shows the top ten of their sum. */
export const PAGES_KEPT = 200;

export async function findRawFigures(db: Db, { from, to, bucket }: { from: Date; to: Date; bucket: Bucket }): Promise<RawFigures> {
  const where = human(from, to);
  const [totals] = rows<{ page_views: number; total_visitors: number }>(
    await db.execute(sql`select count(*)::int as page_views, count(distinct ${visitKey})::int as total_visitors
      from ${e} where ${where}`),
  );
  const pages = rows<{ key: string; n: number }>(
    await db.execute(sql`select ${e.page} as key, count(*)::int as n from ${e} where ${where}
      group by ${e.page} order by n desc, key asc limit ${PAGES_KEPT}`),
  );
  const devices = rows<{ key: string; n: number }>(
    await db.execute(sql`select coalesce(${e.device}, 'unknown') as key, count(distinct ${visitKey})::int as n
      from ${e} where ${where} group by 1`),
  );
  const browsers = rows<{ key: string; n: number }>(
    await db.execute(sql`select coalesce(${e.browser}, 'Other') as key, count(distinct ${visitKey})::int as n
      from ${e} where ${where} group by 1`),
  );
  const buckets = rows<{ start: string; visits: number; page_views: number }>(
    await db.execute(sql`select ${bucketStart(bucket)} as start, count(distinct ${e.sessionId})::int as visits,
      count(*)::int as page_views from ${e} where ${where} group by 1`),
  );
  const toCounts = (list: Array<{ key: string; n: number }>) => Object.fromEntries(list.map((r) => [r.key, Number(r.n)]));
  return {
    pageViews: Number(totals?.page_views ?? 0),
    totalVisitors: Number(totals?.total_visitors ?? 0),
    pages: toCounts(pages),
    devices: toCounts(devices),
    browsers: toCounts(browsers),
    buckets: new Map(buckets.map((b) => [b.start, { visits: Number(b.visits), pageViews: Number(b.page_views) }])),
  };
}

/**
 * Distinct visitor sessions in the window. Unlike the other figures this one does not add up
 * across days (a visitor seen on Monday and Tuesday is one visitor), so it is always counted from
 * the events (the partial (timestamp, session) index serves short windows). Measured on
 * PostgreSQL, 2 busy cores: about 0.9 s for a year of 1,000,000 events from 50,000 visitors.
 */
export async function countUniqueVisitors(db: Db, { from, to }: { from: Date; to: Date }): Promise<number> {
  // DISTINCT in a subquery is hashed (and runs in parallel on PostgreSQL); count(distinct) always
  // sorts, about four times slower over a year of events.
  const [row] = rows<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from (select distinct ${e.sessionId} from ${e} where ${human(from, to)}) visitors`),
  );
  return Number(row?.n ?? 0);
}

/** For one UTC day: visitors first seen that day (new) and seen before (returning), average session length. */
export async function findDayVisitorFigures(db: Db, { from, to }: { from: Date; to: Date }) {
  const [visitors] = rows<{ total: number; fresh: number }>(
    await db.execute(sql`select count(*)::int as total,
        count(*) filter (where not exists (
          select 1 from ${e} earlier where earlier.session_id = day.session_id and earlier.is_bot = false
            and earlier.timestamp < ${from.toISOString()}::timestamptz))::int as fresh
      from (select distinct ${e.sessionId} as session_id from ${e} where ${human(from, to)}) day`),
  );
  // A session's length on a day: its last event minus its first that day (one event: zero seconds).
  const [duration] = rows<{ seconds: number | string | null }>(
    await db.execute(sql`select round(avg(extract(epoch from last_at - first_at)))::int as seconds
      from (select min(${e.timestamp}) as first_at, max(${e.timestamp}) as last_at from ${e}
        where ${human(from, to)} group by ${e.sessionId}) sessions`),
  );
  const total = Number(visitors?.total ?? 0);
  const fresh = Number(visitors?.fresh ?? 0);
  return { newUsers: fresh, returningUsers: total - fresh, avgSessionDuration: Number(duration?.seconds ?? 0) };
}

/** When the first human event happened, or null when there is none. */
export async function findFirstEventTime(db: Db): Promise<Date | null> {
  const [row] = rows<{ first: string | Date | null }>(await db.execute(sql`select min(${e.timestamp}) as first from ${e} where ${e.isBot} = false`));
  return row?.first ? new Date(row.first) : null;
}
