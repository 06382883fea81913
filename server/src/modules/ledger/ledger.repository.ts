import { asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { LedgerEntry } from '@soleswap/contracts/trades';
import type { Db } from '../../db/client';
import { ledgerEntries } from '../../db/schema/index';

export type LedgerRow = typeof ledgerEntries.$inferSelect;

/**
 * Key of the transaction-scoped advisory lock that guards the head of the chain: two
 * transactions appending at once would otherwise both read the same last hash and fork the chain.
 */
const LEDGER_HEAD_LOCK = 7_345_001;

/** The API shape of a ledger row. */
export function toLedgerEntry(row: LedgerRow): LedgerEntry {
  return {
    id: row.id,
    tradeId: row.tradeId,
    event: row.event,
    payload: row.payload as Record<string, unknown>,
    prevHash: row.prevHash,
    hash: row.hash,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Waits for, then holds until commit, the right to append to the chain. */
export async function lockLedgerHead(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(LEDGER_HEAD_LOCK))})`);
}

/** Hash of the newest entry, or null on an empty ledger. */
export async function findLastHash(db: Db): Promise<string | null> {
  const [row] = await db
    .select({ hash: ledgerEntries.hash })
    .from(ledgerEntries)
    .orderBy(desc(ledgerEntries.id))
    .limit(1);
  return row?.hash ?? null;
}

export async function insertLedgerRow(db: Db, values: typeof ledgerEntries.$inferInsert): Promise<LedgerRow> {
  const [row] = await db.insert(ledgerEntries).values(values).returning();
  return row!;
}

/** Up to `limit` entries after `afterId`, oldest first (a page of the whole chain). */
export async function listEntriesAfter(db: Db, afterId: number, limit: number): Promise<LedgerRow[]> {
  return db.select().from(ledgerEntries).where(gt(ledgerEntries.id, afterId)).orderBy(asc(ledgerEntries.id)).limit(limit);
}

/** Up to `limit` entries just before `beforeId`, oldest first. */
export async function listEntriesBefore(db: Db, beforeId: number, limit: number): Promise<LedgerRow[]> {
  const rows = await db
    .select()
    .from(ledgerEntries)
    .where(lt(ledgerEntries.id, beforeId))
    .orderBy(desc(ledgerEntries.id))
    .limit(limit);
  return rows.reverse();
}

export async function findEntryByHash(db: Db, hash: string): Promise<LedgerRow | null> {
  const [row] = await db.select().from(ledgerEntries).where(eq(ledgerEntries.hash, hash));
  return row ?? null;
}

/** Every entry of one trade, oldest first. */
export async function listTradeEntries(db: Db, tradeId: number): Promise<LedgerRow[]> {
  return db.select().from(ledgerEntries).where(eq(ledgerEntries.tradeId, tradeId)).orderBy(asc(ledgerEntries.id));
}
