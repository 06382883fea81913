import { and, asc, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { escrowLocks, sneakers } from '../../db/schema/index';
import type { SneakerTradeFacts } from './tradeable-sneaker';

/**
 * The trades module's own queries on sneakers and escrow locks. The sneakers module owns the
 * table's other uses; trades only read what a trade needs and move ownership on completion.
 */

const sneakerColumns = {
  id: sneakers.id,
  userId: sneakers.userId,
  name: sneakers.name,
  brand: sneakers.brand,
  size: sneakers.size,
  condition: sneakers.condition,
  estimatedValue: sneakers.estimatedValue,
  imageUrl: sneakers.imageUrl,
  thumbnailUrl: sneakers.thumbnailUrl,
  isAvailableForTrade: sneakers.isAvailableForTrade,
  listingChangedAt: sneakers.listingChangedAt,
};

/** What a trade needs to know about a sneaker. */
export interface TradeSneakerRow {
  id: number;
  userId: string;
  name: string;
  brand: string;
  size: string;
  condition: string;
  estimatedValue: string;
  imageUrl: string | null;
  thumbnailUrl: string | null;
  isAvailableForTrade: boolean;
  /** When the owner last changed what the listing shows. */
  listingChangedAt: Date;
}

export async function findSneakersByIds(db: Db, ids: number[]): Promise<TradeSneakerRow[]> {
  if (ids.length === 0) return [];
  return db.select(sneakerColumns).from(sneakers).where(inArray(sneakers.id, ids));
}

/**
 * Row-locks the sneakers until the transaction ends, always in id order so two transactions
 * locking overlapping sets cannot deadlock.
 */
export async function lockSneakers(tx: Db, ids: number[]): Promise<TradeSneakerRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select(sneakerColumns)
    .from(sneakers)
    .where(inArray(sneakers.id, ids))
    .orderBy(asc(sneakers.id))
    .for('update');
}

/**
 * Which of these sneakers are escrow-locked, and by which trade. A sneaker locked by a loop
 * trade reads as locked by trade 0, an id no trade has, so every check treats it as "locked
 * in another trade".
 */
export async function findEscrowLocks(db: Db, sneakerIds: number[]): Promise<Array<{ sneakerId: number; tradeId: number }>> {
  if (sneakerIds.length === 0) return [];
  return db
    .select({ sneakerId: escrowLocks.sneakerId, tradeId: sql<number>`coalesce(${escrowLocks.tradeId}, 0)`.mapWith(Number) })
    .from(escrowLocks)
    .where(inArray(escrowLocks.sneakerId, sneakerIds));
}

/**
 * What the tradeable rule (tradeable-sneaker.ts) reads about these sneakers. With `lock`, the
 * sneaker rows are row-locked first (see lockSneakers) and the escrow locks are read by a later
 * statement, so they include any lock committed while this transaction waited for the rows.
 */
export async function readSneakerTradeFacts(
  db: Db,
  ids: number[],
  { lock = false }: { lock?: boolean } = {},
): Promise<SneakerTradeFacts<TradeSneakerRow>> {
  const rows = lock ? await lockSneakers(db, ids) : await findSneakersByIds(db, ids);
  const locks = await findEscrowLocks(db, ids);
  return {
    sneakers: new Map(rows.map((s) => [s.id, s])),
    lockedBy: new Map(locks.map((l) => [l.sneakerId, l.tradeId])),
  };
}

/** Locks the sneakers to the trade; the primary key refuses a sneaker already locked elsewhere. */
export async function insertEscrowLocks(tx: Db, tradeId: number, sneakerIds: number[], at: Date): Promise<void> {
  await tx.insert(escrowLocks).values(sneakerIds.map((sneakerId) => ({ sneakerId, tradeId, lockedAt: at })));
}

/** Releases every lock the trade holds (on completion or refund). */
export async function deleteEscrowLocks(tx: Db, tradeId: number): Promise<void> {
  await tx.delete(escrowLocks).where(eq(escrowLocks.tradeId, tradeId));
}

/** Gives the sneakers to a new owner. */
export async function setSneakersOwner(tx: Db, sneakerIds: number[], userId: string, at: Date): Promise<void> {
  if (sneakerIds.length === 0) return;
  await tx.update(sneakers).set({ userId, updatedAt: at }).where(inArray(sneakers.id, sneakerIds));
}

/** In SQL, for listing candidates: the tradeable rule's "available and not in escrow" (tradeable-sneaker.ts). */
const isFree = and(
  eq(sneakers.isAvailableForTrade, true),
  notExists(sql`(select 1 from ${escrowLocks} where ${escrowLocks.sneakerId} = ${sneakers.id})`),
);

/** Members owning sneakers that are available and not in escrow, oldest members' sneakers first. */
export async function listMembersWithFreeSneakers(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .select({ userId: sneakers.userId })
    .from(sneakers)
    .where(isFree)
    .groupBy(sneakers.userId)
    .orderBy(sql`min(${sneakers.id})`)
    .limit(limit);
  return rows.map((r) => r.userId);
}

/** The members' sneakers that could go into a trade now (available, not in escrow), by id. */
export async function findFreeSneakersOf(db: Db, userIds: string[]): Promise<TradeSneakerRow[]> {
  if (userIds.length === 0) return [];
  return db
    .select(sneakerColumns)
    .from(sneakers)
    .where(and(inArray(sneakers.userId, userIds), isFree))
    .orderBy(asc(sneakers.id));
}
