import { index, jsonb, pgTable, primaryKey, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

/** Local accounts of the embedded OpenID provider (served under /idp). Their id is the OIDC `sub`. */
export const localAccounts = pgTable('local_accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  /** scrypt$N$r$p$salt$hash, see server/src/modules/identity/password.ts */
  passwordHash: text('password_hash').notNull(),
  username: text('username').notNull(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  /** When the owner opened the confirmation link mailed to `email`; null while unconfirmed. */
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  ...timestamps,
});

/** Storage of the embedded provider (grants, sessions, codes, interactions), one row per model instance. */
export const oidcStore = pgTable(
  'oidc_store',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('oidc_store_grant_idx').on(t.grantId),
    index('oidc_store_uid_idx').on(t.uid),
    index('oidc_store_expires_idx').on(t.expiresAt),
  ],
);

/**
 * The undo links of e-mail changes (issue #39), one per change, mailed to the address it replaced.
 * A link works once, for EMAIL_UNDO_DAYS, whatever changes come after it: using it puts its
 * address back and voids (`usedAt`) every link of the account issued after it, so an undo link
 * of a later change (mailed to an address the owner may not hold) cannot change it again.
 */
export const emailUndoLinks = pgTable(
  'email_undo_links',
  {
    id: serial('id').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => localAccounts.id, { onDelete: 'cascade' }),
    /** The address the change replaced, which the link puts back. */
    restoreEmail: text('restore_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the link was used, or voided by an earlier link's use; null while it still works. */
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('email_undo_links_account_idx').on(t.accountId, t.id)],
);
