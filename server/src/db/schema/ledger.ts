import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { trades } from './trades';

/**
 * Append-only, hash-chained escrow ledger: hash = sha256(prevHash + canonical JSON of the entry).
 * See server/src/modules/ledger.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tradeId: integer('trade_id')
      .notNull()
      .references(() => trades.id),
    /** lock, ship, receive, release, refund, dispute */
    event: text('event').notNull(),
    payload: jsonb('payload').notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ledger_trade_idx').on(t.tradeId)],
);
