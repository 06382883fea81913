import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { WALLET_ENTRY_KINDS } from '@soleswap/contracts/wallet';
import type { WalletEntryKind } from '@soleswap/contracts/wallet';
import { isOneOf } from './columns';
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
    /** The card authorization a trade-cash credit came from: credited once at most. */
    authorizationId: integer('authorization_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('wallet_entries_kind_check', isOneOf(t.kind, WALLET_ENTRY_KINDS)),
    check('wallet_entries_amount_not_zero', sql`${t.amountCents} <> 0`),
    index('wallet_entries_user_idx').on(t.userId, t.id),
    uniqueIndex('wallet_entries_one_credit_per_authorization')
      .on(t.authorizationId)
      .where(sql`${t.kind} = 'trade_cash_credit'`),
  ],
);
