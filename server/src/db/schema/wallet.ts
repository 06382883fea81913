import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { AUTHORIZATION_PURPOSES, AUTHORIZATION_STATUSES, WALLET_ENTRY_KINDS } from '@soleswap/contracts/wallet';
import type { AuthorizationPurpose, AuthorizationStatus, WalletEntryKind } from '@soleswap/contracts/wallet';
import { isOneOf, timestamps } from './columns';
import { trades } from './trades';
import { users } from './users';

/**
 * A member's balance: cash received in trades, less withdrawals. The CHECK keeps it at zero or
 * above whatever requests race, since every debit is one `UPDATE ... SET balance = balance - x`.
 */
export const wallets = pgTable(
  'wallets',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('wallets_balance_not_negative', sql`${t.balanceCents} >= 0`)],
);

/** Every movement of a wallet, append-only; the balance is their sum. */
export const walletEntries = pgTable(
  'wallet_entries',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<WalletEntryKind>().notNull(),
    /** Signed: positive credits, negative debits. */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    tradeId: integer('trade_id'),
    /** The card authorization a trade-cash or protection-hold credit came from: credited once at most. */
    authorizationId: integer('authorization_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('wallet_entries_kind_check', isOneOf(t.kind, WALLET_ENTRY_KINDS)),
    check('wallet_entries_amount_not_zero', sql`${t.amountCents} <> 0`),
    index('wallet_entries_user_idx').on(t.userId, t.id),
    uniqueIndex('wallet_entries_one_credit_per_authorization')
      .on(t.authorizationId)
      .where(sql`${t.kind} in ('trade_cash_credit', 'protection_hold_credit')`),
  ],
);

/**
 * A hold on a payer's card for the cash of one trade or a side's protection hold (docs/rules/money.md).
 * At most one open (requested, authorized or captured) per trade, purpose and payer, so an acceptance
 * retried or raced authorizes each once (migration 0048).
 */
export const cashAuthorizations = pgTable(
  'cash_authorizations',
  {
    id: serial('id').primaryKey(),
    tradeId: integer('trade_id')
      .notNull()
      .references(() => trades.id),
    payerId: uuid('payer_id')
      .notNull()
      .references(() => users.id),
    payeeId: uuid('payee_id')
      .notNull()
      .references(() => users.id),
    amountCents: integer('amount_cents').notNull(),
    /** trade_cash | protection_hold */
    purpose: text('purpose').$type<AuthorizationPurpose>().notNull().default('trade_cash'),
    status: text('status').$type<AuthorizationStatus>().notNull(),
    /** stripe | sandbox */
    provider: text('provider').notNull(),
    /** The provider's PaymentIntent id, once it answered. */
    providerRef: text('provider_ref'),
    failureMessage: text('failure_message'),
    ...timestamps,
  },
  (t) => [
    check('cash_authorizations_status_check', isOneOf(t.status, AUTHORIZATION_STATUSES)),
    check('cash_authorizations_amount_check', sql`${t.amountCents} > 0`),
    check('cash_authorizations_purpose_check', isOneOf(t.purpose, AUTHORIZATION_PURPOSES)),
    index('cash_authorizations_trade_idx').on(t.tradeId),
    uniqueIndex('cash_authorizations_one_open_per_trade')
      .on(t.tradeId, t.purpose, t.payerId)
      .where(sql`${t.status} in ('requested', 'authorized', 'captured')`),
  ],
);
