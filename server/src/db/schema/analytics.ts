import { date, index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
  },
  (t) => [index('analytics_events_time_idx').on(t.timestamp)],
);

export const dailyStats = pgTable('daily_stats', {
  id: serial('id').primaryKey(),
  date: date('date', { mode: 'string' }).notNull().unique(),
  totalVisitors: integer('total_visitors').notNull().default(0),
  uniqueVisitors: integer('unique_visitors').notNull().default(0),
  pageViews: integer('page_views').notNull().default(0),
  newUsers: integer('new_users').notNull().default(0),
  returningUsers: integer('returning_users').notNull().default(0),
  avgSessionDuration: integer('avg_session_duration').notNull().default(0),
});
