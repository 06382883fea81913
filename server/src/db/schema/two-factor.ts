import { bigint, boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** A member's TOTP secret (issue #32); `confirmedAt` is set once a first code matched, before that it does not count. */
export const memberTotp = pgTable('member_totp', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  /** The 30-second step of the last code accepted: the same code is never accepted twice. */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Ten single-use recovery codes per TOTP enrolment, stored as SHA-256 hashes; shown once. */
export const memberRecoveryCodes = pgTable(
  'member_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('member_recovery_codes_user_idx').on(t.userId)],
);

/** A member's passkeys (WebAuthn credentials); `id` is the credential id (base64url). */
export const memberPasskeys = pgTable(
  'member_passkeys',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('member_passkeys_user_idx').on(t.userId)],
);

/** Premium's Enhanced Security: the member's choice that every sign-in asks for the second factor. */
export const memberSignInRules = pgTable('member_sign_in_rules', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secondFactorEverySignIn: boolean('second_factor_every_sign_in').notNull().default(false),
});

/**
 * Wrong second-factor codes per account (issue #39): a try is counted before its code is checked,
 * so tries sent at once cannot outrun the count; the one that makes SECOND_FACTOR_FAILURES_BEFORE_LOCK
 * within the window sets `lockedUntil`, and until then no code is checked, the right one included.
 */
export const memberCodeAttempts = pgTable('member_code_attempts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Tries counted in the window that started at `windowStartedAt` (a matching code gives its try back). */
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  /** A digest of the account's password hash when the lock began: a new password (the owner's reset) lifts the lock. */
  passwordStamp: text('password_stamp'),
});
