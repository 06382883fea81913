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
