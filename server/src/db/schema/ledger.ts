import { sql } from 'drizzle-orm';
import { LEDGER_EVENTS, type LedgerEvent } from '@soleswap/contracts/ledger';
import { bigint, bigserial, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
    // Every start asks for the oldest entry still without a commitment: through this (empty, once
    // converted) index instead of a walk over the whole chain.
    index('ledger_entries_legacy_idx')
      .on(t.id)
      .where(sql`${t.commitment} is null`),
    check('ledger_entries_event_check', isOneOf(t.event, LEDGER_EVENTS)),
    check('ledger_entries_subject_check', sql`(${t.tradeId} is null) <> (${t.loopId} is null)`),
  ],
);

/**
 * Verified stretches of the ledger, so GET /api/ledger/verify need not re-hash the whole chain.
 * A row says: the entries with afterId < id <= upToId (entries of them) were verified in full
 * (links, hashes, commitments) and at that moment had this digest, an aggregate of a 64-bit hash
 * of every column of every row computed in SQL. A trigger on ledger_entries (migration 0020)
 * deletes the checkpoint of any entry written to and every later one; each verification also
 * re-computes the digests of the least recently audited blocks. See
 * server/src/modules/ledger/verify-ledger.ts.
 */
export const ledgerCheckpoints = pgTable(
  'ledger_checkpoints',
  {
    upToId: bigint('up_to_id', { mode: 'number' }).primaryKey(),
    afterId: bigint('after_id', { mode: 'number' }).notNull().unique(),
    entries: integer('entries').notNull(),
    /** Hash of the entry upToId: the next block's first entry links to it. */
    lastHash: text('last_hash').notNull(),
    /** bit_xor of the per-row hashes, as a signed 64-bit integer in decimal. */
    digest: text('digest').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the digest was last re-computed and compared; verifications audit the oldest few. */
    auditedAt: timestamp('audited_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ledger_checkpoints_audited_idx').on(t.auditedAt, t.upToId)],
);
