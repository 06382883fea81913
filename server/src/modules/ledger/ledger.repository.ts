import { and, asc, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { LedgerCommittedDetails, LedgerEntry } from '@soleswap/contracts/ledger';
import type { Db } from '../../db/client';
import { ledgerEntries } from '../../db/schema/index';
import type { ChainEntry } from './ledger-hash';

export type LedgerRow = typeof ledgerEntries.$inferSelect;

/**
 * Key of the transaction-scoped advisory lock that guards the head of the chain: two
 * transactions appending at once would otherwise both read the same last hash and fork the chain.
 */
const LEDGER_HEAD_LOCK = 7_345_001;

/** The public API shape of a ledger row: no trade id, no payload, no salt. */
export function toLedgerEntry(row: LedgerRow): LedgerEntry {
  return {
    id: row.id,
    event: row.event,
    tradeRef: row.tradeRef,
    commitment: row.commitment ?? '',
    prevHash: row.prevHash,
    hash: row.hash,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A row as the server's verifier reads it: public form plus the private side it may check. */
export function toChainEntry(row: LedgerRow): ChainEntry {
  return {
    id: row.id,
    event: row.event,
    tradeRef: row.tradeRef,
    commitment: row.commitment,
    createdAt: row.createdAt,
    prevHash: row.prevHash,
    hash: row.hash,
    secret: { salt: row.salt, details: committedDetails(row) },
  };
}

/** What a row's commitment covers: its trade, or its loop, with the payload. */
export function committedDetails(row: Pick<LedgerRow, 'tradeId' | 'loopId' | 'payload'>): LedgerCommittedDetails {
  const payload = row.payload as Record<string, unknown>;
  return row.loopId !== null ? { loopId: row.loopId, payload } : { tradeId: row.tradeId!, payload };
}

/** Waits for, then holds until commit, the right to append to (or rewrite) the chain. */
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

/** The public reference a trade's (or loop's) earlier entries use, or null before its first entry. */
export async function findTradeRef(db: Db, subject: { tradeId: number } | { loopId: number }): Promise<string | null> {
  const [row] = await db
    .select({ tradeRef: ledgerEntries.tradeRef })
    .from(ledgerEntries)
    .where('loopId' in subject ? eq(ledgerEntries.loopId, subject.loopId) : eq(ledgerEntries.tradeId, subject.tradeId))
    .orderBy(asc(ledgerEntries.id))
    .limit(1);
  return row?.tradeRef ?? null;
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

/** Id of the oldest entry still in the old form (no commitment yet), or null when none is left. */
export async function findFirstLegacyEntryId(db: Db): Promise<number | null> {
  const [row] = await db
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(isNull(ledgerEntries.commitment))
    .orderBy(asc(ledgerEntries.id))
    .limit(1);
  return row?.id ?? null;
}

/** Whether any entry after `afterId` is already in the public form. */
export async function hasCommittedEntryAfter(db: Db, afterId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(and(gt(ledgerEntries.id, afterId), sql`${ledgerEntries.commitment} is not null`))
    .limit(1);
  return row !== undefined;
}

/** Rewrites one entry's public form and links (the one-off conversion from the old form). */
export async function updateEntryChain(
  db: Db,
  id: number,
  values: { commitment: string; prevHash: string; hash: string },
): Promise<void> {
  await db.update(ledgerEntries).set(values).where(eq(ledgerEntries.id, id));
}
