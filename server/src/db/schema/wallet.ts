import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { AUTHORIZATION_PURPOSES, AUTHORIZATION_STATUSES, PAYOUT_STATUSES, WALLET_ENTRY_KINDS } from '@soleswap/contracts/wallet';
import type { AuthorizationPurpose, AuthorizationStatus, PayoutStatus, WalletEntryKind } from '@soleswap/contracts/wallet';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { isOneOf, timestamps } from './columns';
import { loops } from './loops';
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
    /** The member's Stripe Connect account (acct_...), where withdrawals go when Stripe is configured (migration 0049). */
    payoutAccountId: text('payout_account_id'),
    /**
     * The Stripe Connect account made when the member started onboarding (migration 0077), connected
     * or not; `payoutAccountId` is set to it once Stripe says it can be paid.
     */
    connectAccountId: text('connect_account_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('wallets_balance_not_negative', sql`${t.balanceCents} >= 0`),
    uniqueIndex('wallets_connect_account_idx')
      .on(t.connectAccountId)
      .where(sql`${t.connectAccountId} IS NOT NULL`),
  ],
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
    /** The loop a protection-hold entry of a loop belongs to (migration 0069); null otherwise. */
    loopId: integer('loop_id'),
    /** The card authorization a trade-cash or protection-hold credit came from: credited once at most. */
    authorizationId: integer('authorization_id'),
    /** The withdrawal a payout or payout_reversal entry belongs to: one of each at most (migration 0049). */
    payoutId: integer('payout_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('wallet_entries_kind_check', isOneOf(t.kind, WALLET_ENTRY_KINDS)),
    check('wallet_entries_amount_not_zero', sql`${t.amountCents} <> 0`),
    index('wallet_entries_user_idx').on(t.userId, t.id),
    uniqueIndex('wallet_entries_one_credit_per_authorization')
      .on(t.authorizationId)
      .where(sql`${t.kind} in ('trade_cash_credit', 'protection_hold_credit')`),
    uniqueIndex('wallet_entries_one_per_payout_kind')
      .on(t.payoutId, t.kind)
      .where(sql`${t.payoutId} IS NOT NULL`),
    uniqueIndex('wallet_entries_one_hold_move_per_authorization')
      .on(t.authorizationId, t.kind)
      .where(sql`${t.kind} in ('trade_cash_debit', 'trade_cash_return')`),
    // A captured hold is given back, and taken back, once at most (an appeal reversed: migration 0061).
    uniqueIndex('wallet_entries_one_hold_reversal_per_authorization')
      .on(t.authorizationId, t.kind)
      .where(sql`${t.kind} in ('protection_hold_refund', 'protection_hold_reversal')`),
  ],
);

/**
 * One withdrawal from a member's wallet (docs/rules/money.md#a-payout). The balance is debited in
 * the transaction that inserts it `requested`; the provider's answer makes it `paid` or `failed`.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    status: text('status').$type<PayoutStatus>().notNull(),
    /** sandbox | stripe */
    provider: text('provider').notNull(),
    /** The Stripe Connect account paid; null for the sandbox. */
    destination: text('destination'),
    /** The provider's id for the transfer, once it answered. */
    providerRef: text('provider_ref'),
    failureMessage: text('failure_message'),
    /**
     * The Idempotency-Key of the request that made it (null without one): a retry of that request
     * continues this payout instead of making another (migration 0058).
     */
    requestKey: text('request_key'),
    ...timestamps,
  },
  (t) => [
    check('payouts_status_check', isOneOf(t.status, PAYOUT_STATUSES)),
    uniqueIndex('payouts_request_key_idx').on(t.userId, t.requestKey),
    check('payouts_amount_check', sql`${t.amountCents} > 0`),
    index('payouts_user_idx').on(t.userId, t.id),
    index('payouts_requested_idx')
      .on(t.id)
      .where(sql`${t.status} = 'requested'`),
  ],
);

/**
 * A hold on a payer's card (or, with provider `wallet`, on their wallet balance) for the cash of one
 * trade or a side's protection hold, or a loop member's protection hold (docs/rules/money.md): it
 * belongs to a trade or to a loop, never both (migration 0069). At most one open (requested,
 * authorized or captured) first hold per trade or loop, purpose and payer, so an acceptance retried
 * or raced authorizes each once (migration 0048), and one held at a time per slot (migration 0049).
 */
export const cashAuthorizations = pgTable(
  'cash_authorizations',
  {
    id: serial('id').primaryKey(),
    tradeId: integer('trade_id').references(() => trades.id),
    loopId: integer('loop_id').references(() => loops.id),
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
    /** The payment method held (a provider token, never a card number): a re-authorization holds it again (migration 0049). */
    paymentMethod: text('payment_method'),
    /** The hold this one re-authorizes before it lapses (docs/decisions/010); null for the first. */
    replacesId: integer('replaces_id').references((): AnyPgColumn => cashAuthorizations.id),
    ...timestamps,
  },
  (t) => [
    check('cash_authorizations_status_check', isOneOf(t.status, AUTHORIZATION_STATUSES)),
    check('cash_authorizations_amount_check', sql`${t.amountCents} > 0`),
    check('cash_authorizations_purpose_check', isOneOf(t.purpose, AUTHORIZATION_PURPOSES)),
    check('cash_authorizations_one_subject_check', sql`(${t.tradeId} IS NULL) <> (${t.loopId} IS NULL)`),
    index('cash_authorizations_trade_idx').on(t.tradeId),
    index('cash_authorizations_loop_idx').on(t.loopId),
    uniqueIndex('cash_authorizations_one_open_per_loop')
      .on(t.loopId, t.purpose, t.payerId)
      .where(sql`${t.status} in ('requested', 'authorized', 'captured') AND ${t.replacesId} IS NULL`),
    uniqueIndex('cash_authorizations_one_held_per_loop')
      .on(t.loopId, t.purpose, t.payerId)
      .where(sql`${t.status} in ('authorized', 'captured')`),
    uniqueIndex('cash_authorizations_one_open_per_trade')
      .on(t.tradeId, t.purpose, t.payerId)
      .where(sql`${t.status} in ('requested', 'authorized', 'captured') AND ${t.replacesId} IS NULL`),
    // A re-authorization stands beside the hold it replaces only while requested: one held at a time.
    uniqueIndex('cash_authorizations_one_held_per_trade')
      .on(t.tradeId, t.purpose, t.payerId)
      .where(sql`${t.status} in ('authorized', 'captured')`),
    uniqueIndex('cash_authorizations_one_replacement').on(t.replacesId),
    index('cash_authorizations_authorized_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} = 'authorized'`),
    // The payer's card holds on their wallet page (migration 0072).
    index('cash_authorizations_payer_idx').on(t.payerId, t.id),
  ],
);

/**
 * Where a member's sandbox withdrawals go (migration 0072): a bank account given on the wallet page,
 * kept as its holder's name, the account number's last four digits and a sandbox token (the full
 * numbers are never stored). One per member; giving another replaces it.
 */
export const payoutBankAccounts = pgTable(
  'payout_bank_accounts',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    holderName: text('holder_name').notNull(),
    last4: text('last4').notNull(),
    token: text('token').notNull(),
    ...timestamps,
  },
  (t) => [check('payout_bank_accounts_last4_check', sql`${t.last4} ~ '^[0-9]{4}$'`)],
);
