import { rowsOf } from '../../db/raw-rows';
import { and, asc, desc, eq, gt, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { LedgerCommittedDetails, LedgerEntry } from '@soleswap/contracts/ledger';
import type { Db } from '../../db/client';
import { ledgerCheckpoints, ledgerEntries } from '../../db/schema/index';
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

/**
 * Waits for, then holds until commit, the right to append to (or rewrite) the chain. `subject`: the
 * row the entry will reference, as its owner's locking subquery; it is locked first, in the same
 * statement (the materialized CTE is read to its end before the head is asked for), so the head is
 * never held while waiting for it.
 */
export async function lockLedgerHead(tx: Db, subject?: SQL): Promise<void> {
  const head = sql.raw(String(LEDGER_HEAD_LOCK));
  if (!subject) {
    await tx.execute(sql`select pg_advisory_xact_lock(${head})`);
    return;
  }
  await tx.execute(sql`
    with subject as materialized ${subject}
    select pg_advisory_xact_lock(${head}) from (select count(*) from subject) as locked`);
}

/** Hash of the newest entry, or null on an empty ledger. */
export async function findLastHash(db: Db): Promise<string | null> {
  const [row] = await db.select({ hash: ledgerEntries.hash }).from(ledgerEntries).orderBy(desc(ledgerEntries.id)).limit(1);
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
  const rows = await db.select().from(ledgerEntries).where(lt(ledgerEntries.id, beforeId)).orderBy(desc(ledgerEntries.id)).limit(limit);
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
export async function updateEntryChain(db: Db, id: number, values: { commitment: string; prevHash: string; hash: string }): Promise<void> {
  await db.update(ledgerEntries).set(values).where(eq(ledgerEntries.id, id));
}

export type CheckpointRow = typeof ledgerCheckpoints.$inferSelect;

/**
 * A 64-bit hash of every column of one ledger row, in SQL: the text columns joined, the payload
 * with jsonb's own hash, created_at as epoch microseconds (so the session's time zone and date
 * style cannot change it), each seeded with the row id. Columns are named one by one, so adding
 * a column does not change old digests.
 */
const rowFingerprint = sql`(hashtextextended(concat(e.event, '|', e.trade_ref, '|', e.salt, '|', e.commitment, '|', e.prev_hash, '|', e.hash, '|', e.trade_id, '|', e.loop_id), e.id)
  # jsonb_hash_extended(e.payload, e.id)
  # hashint8extended((extract(epoch from e.created_at) * 1000000)::bigint, e.id))`;

/** Count and digest of the entries with afterId < id <= upToId, as the database holds them now. */
export async function computeBlockDigest(db: Db, afterId: number, upToId: number): Promise<{ entries: number; digest: string }> {
  const result = await db.execute(sql`
    select count(*)::int as entries, coalesce(bit_xor(${rowFingerprint}), 0)::text as digest
    from ledger_entries e where e.id > ${afterId} and e.id <= ${upToId}`);
  const row = rowsOf<{ entries: number; digest: string }>(result)[0]!;
  return { entries: Number(row.entries), digest: String(row.digest) };
}

/** Every checkpoint, oldest first. */
export async function listCheckpoints(db: Db): Promise<CheckpointRow[]> {
  return db.select().from(ledgerCheckpoints).orderBy(asc(ledgerCheckpoints.upToId));
}

/**
 * Re-computes the digests of the `limit` least recently audited checkpoints and returns the
 * upToId of those whose block no longer matches (digest, entry count or last hash changed); the
 * others are marked audited now. This catches writes that bypassed the trigger which forgets
 * checkpoints (triggers disabled, replication role): every block is audited once per
 * (blocks / limit) verifications.
 */
export async function auditCheckpoints(db: Db, limit: number): Promise<number[]> {
  const result = await db.execute(sql`
    with picked as (
      select * from ledger_checkpoints order by audited_at, up_to_id limit ${limit}
    ), checked as (
      select p.up_to_id, (d.entries <> p.entries or d.digest <> p.digest or d.last_hash is distinct from p.last_hash) as changed
      from picked p
      cross join lateral (
        select count(*)::int as entries, coalesce(bit_xor(${rowFingerprint}), 0)::text as digest,
               max(e.hash) filter (where e.id = p.up_to_id) as last_hash
        from ledger_entries e where e.id > p.after_id and e.id <= p.up_to_id
      ) d
    ), touched as (
      update ledger_checkpoints c set audited_at = now() from checked where c.up_to_id = checked.up_to_id and not checked.changed
    )
    select up_to_id as "upToId" from checked where changed order by up_to_id`);
  return rowsOf<{ upToId: number | string }>(result).map((r) => Number(r.upToId));
}

/** Records a verified block; a concurrent verifier that sealed the same block first wins. */
export async function insertCheckpoint(db: Db, values: typeof ledgerCheckpoints.$inferInsert): Promise<void> {
  await db.insert(ledgerCheckpoints).values(values).onConflictDoNothing();
}

/** Forgets the checkpoints of the blocks after `afterId` (they are sealed again on the next verification). */
export async function deleteCheckpointsFrom(db: Db, afterId: number): Promise<void> {
  await db.delete(ledgerCheckpoints).where(gte(ledgerCheckpoints.afterId, afterId));
}
