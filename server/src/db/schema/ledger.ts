import { LEDGER_EVENTS, type LedgerEvent } from '@soleswap/contracts/trades';
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { isOneOf } from './columns';
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
    event: text('event').$type<LedgerEvent>().notNull(),
    payload: jsonb('payload').notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ledger_trade_idx').on(t.tradeId), check('ledger_entries_event_check', isOneOf(t.event, LEDGER_EVENTS))],
);
