import { sql } from 'drizzle-orm';
import { index, pgTable, serial, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Web Push subscriptions (push module, docs/rules/offline-and-push.md): one per browser, for the
 * member who turned notifications on there and the session they did it in (its hash).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sessionKeyOf(session id): the session id itself is a bearer secret. */
    sessionKey: text('session_key').notNull(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
    index('push_subscriptions_session_idx').on(t.sessionKey),
  ],
);

/** The kinds a member does not want pushed (they stay in the bell); a member without a row gets every kind pushed. */
export const pushPreferences = pgTable('push_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  mutedKinds: text('muted_kinds')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** Quiet hours (issue #45, migration 0079): pushes other than deadline reminders are held from this hour (0-23)... */
  quietStartHour: smallint('quiet_start_hour'),
  /** ...to this hour (not included), in this IANA time zone; all null for none. */
  quietEndHour: smallint('quiet_end_hour'),
  quietTimeZone: text('quiet_time_zone'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
