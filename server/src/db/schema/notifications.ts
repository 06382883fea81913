import { sql } from 'drizzle-orm';
import { boolean, date, index, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * In-app notifications (the bell). Text is built when they are read, from `kind` and `payload`
 * (names as they were then, ids for the link).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** One of NOTIFICATION_KINDS (contracts/src/notifications.ts). */
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Set when a notification may exist only once per member (a trade's deadline warning, the
     * day's new-listing notice): a second insert with the same key is dropped.
     */
    onceKey: text('once_key'),
    /**
     * Set when a burst should stay one unread notification (messages in one trade's thread): an
     * insert with the key of an unread notification counts into it instead.
     */
    batchKey: text('batch_key'),
    /** When this notice's e-mail was queued (issue #45): set once, so a notice is e-mailed at most once. */
    emailQueuedAt: timestamp('email_queued_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_id_idx').on(t.userId, t.id.desc()),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    uniqueIndex('notifications_once_key').on(t.userId, t.onceKey),
    uniqueIndex('notifications_unread_batch_key')
      .on(t.userId, t.batchKey)
      .where(sql`${t.readAt} is null`),
  ],
);

/** The kinds a member switched off; a member without a row gets every kind. */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  mutedKinds: text('muted_kinds')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** The kinds switched on or off for e-mail ({ kind: boolean }); a kind left out keeps its default (issue #45). */
  emailChoices: jsonb('email_choices')
    .$type<Record<string, boolean>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  /** Want alerts by e-mail once a day, in one digest, instead of one e-mail each at once (issue #45). */
  wantAlertDigest: boolean('want_alert_digest').notNull().default(false),
  /** The UTC day the last want-alert digest was sent: at most one a day. */
  wantDigestSentOn: date('want_digest_sent_on', { mode: 'string' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
