import { pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Premium's Enhanced Security (decisions §14): the devices a member confirmed, and the e-mail link
 * that confirms a new one (identity module). A device is a browser holding our device cookie, kept
 * here only as its SHA-256; a link's token likewise.
 */
export const deviceConfirmations = pgTable(
  'device_confirmations',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of the browser's device cookie. */
    deviceHash: text('device_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** SHA-256 (hex) of the newest link's token; a new link replaces it. */
    tokenHash: text('token_hash'),
    linkExpiresAt: timestamp('link_expires_at', { withTimezone: true }),
    /** When the member confirmed the device (or it needed no link); null while it waits. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('device_confirmations_device_idx').on(t.userId, t.deviceHash), uniqueIndex('device_confirmations_token_idx').on(t.tokenHash)],
);
