import { sql } from 'drizzle-orm';
import { LEDGER_EVENTS, type LedgerEvent } from '@soleswap/contracts/ledger';
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { isOneOf } from './columns';
import { loops } from './loops';
import { trades } from './trades';

/**
 * Append-only, hash-chained escrow ledger. Each row has a public form (event, tradeRef,
 * commitment, createdAt) that the chain hashes, hash = sha256(prevHash + canonical JSON of
 * the public form), and private details (tradeId, payload) that only the trade's parties
 * read, bound to the public form by commitment = sha256(salt + canonical JSON of
 * { tradeId, payload }). See server/src/modules/ledger.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Private: never sent to the public. */
    tradeId: integer('trade_id').references(() => trades.id),
    /** Private: set instead of tradeId on the entries of a loop trade. */
    loopId: integer('loop_id').references(() => loops.id),
    event: text('event').$type<LedgerEvent>().notNull(),
    /** Private: member ids, sneaker ids, sides, reasons. */
    payload: jsonb('payload').notNull(),
    /** Public opaque reference, random, the same for all entries of one trade. */
    tradeRef: text('trade_ref').notNull(),
    /** Private random salt of the commitment, so the details cannot be guessed from it. */
    salt: text('salt').notNull(),
    /**
     * Public sha256(salt + canonical JSON of { tradeId, payload }). Null only on a row written
     * before the chain went public-form, until the start-up conversion rewrites it.
     */
    commitment: text('commitment'),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_trade_idx').on(t.tradeId),
    index('ledger_loop_idx').on(t.loopId),
    check('ledger_entries_event_check', isOneOf(t.event, LEDGER_EVENTS)),
    check('ledger_entries_subject_check', sql`(${t.tradeId} is null) <> (${t.loopId} is null)`),
  ],
);
