import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Events pushed to members' open browser streams (GET /api/events). The id is the stream's
 * event id: a browser that reconnects says the last id it saw and is sent every later row of
 * its own. Rows are kept a day, long enough to cover any reconnect, then swept.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** trade.changed, message.created, notification.created, unread.changed */
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('live_events_user_id_idx').on(t.userId, t.id)],
);

/**
 * One row per open live stream, on whichever instance holds it, so the per-member cap counts
 * every instance. The instance renews its rows' expiry while the streams stay open and deletes a
 * row when its stream closes; a crashed instance's rows simply expire (STREAM_LEASE_MS).
 */
export const liveStreams = pgTable(
  'live_streams',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A random id each server process picks at start. */
    instanceId: text('instance_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('live_streams_user_id_idx').on(t.userId), index('live_streams_instance_id_idx').on(t.instanceId)],
);
