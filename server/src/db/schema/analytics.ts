import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: serial('id').primaryKey(),
    sessionId: text('session_id').notNull(),
    userId: uuid('user_id'),
    /** Truncated to /24 (IPv4) or /48 (IPv6). */
    visitorIp: text('visitor_ip'),
    userAgent: text('user_agent'),
    referer: text('referer'),
    page: text('page').notNull(),
    action: text('action').notNull().default('page_view'),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull().defaultNow(),
    country: text('country'),
    city: text('city'),
    device: text('device'),
    browser: text('browser'),
    /** Crawlers and scripts: kept for the record, left out of every figure. */
    isBot: boolean('is_bot').notNull().default(false),
  },
  (t) => [
    index('analytics_events_time_idx').on(t.timestamp),
    // The statistics only ever read human events in a time window; with the session id in the
    // index, "distinct visitors over a year" is an index-only scan.
    index('analytics_events_human_time_idx')
      .on(t.timestamp, t.sessionId)
      .where(sql`${t.isBot} = false`),
    // A visitor's earlier events (new or returning) and a session's first and last event.
    index('analytics_events_session_time_idx').on(t.sessionId, t.timestamp),
  ],
);

/** Counts per key (page, device or browser) for one day; summed over days for long periods. */
export type DailyCounts = Record<string, number>;

export const dailyStats = pgTable('daily_stats', {
  id: serial('id').primaryKey(),
  date: date('date', { mode: 'string' }).notNull().unique(),
  totalVisitors: integer('total_visitors').notNull().default(0),
  uniqueVisitors: integer('unique_visitors').notNull().default(0),
  pageViews: integer('page_views').notNull().default(0),
  newUsers: integer('new_users').notNull().default(0),
  returningUsers: integer('returning_users').notNull().default(0),
  avgSessionDuration: integer('avg_session_duration').notNull().default(0),
  /** Page views per page (the day's most viewed pages). */
  pageCounts: jsonb('page_counts').$type<DailyCounts>().notNull().default({}),
  /** Visits per device type. */
  deviceCounts: jsonb('device_counts').$type<DailyCounts>().notNull().default({}),
  /** Visits per browser. */
  browserCounts: jsonb('browser_counts').$type<DailyCounts>().notNull().default({}),
  rolledUpAt: timestamp('rolled_up_at', { withTimezone: true }),
});
