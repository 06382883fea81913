import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { escrowLocks, sneakers, users } from '../../db/schema/index';

/**
 * The loops module's own queries on sneakers, escrow locks and members' trade counts (the same
 * writes a completed two-member trade makes, for every member of a loop at once).
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

export type LoopSneakerRow = Awaited<ReturnType<typeof findLoopSneakers>>[number];

export async function findLoopSneakers(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select(sneakerColumns).from(sneakers).where(inArray(sneakers.id, ids));
}

/** Row-locks the sneakers, in id order so overlapping lockers (trades or loops) cannot deadlock. */
export async function lockLoopSneakers(tx: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return tx.select(sneakerColumns).from(sneakers).where(inArray(sneakers.id, ids)).orderBy(asc(sneakers.id)).for('update');
}

/** Which of these sneakers are escrow-locked already (by any trade or loop). */
export async function findLockedSneakerIds(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: escrowLocks.sneakerId }).from(escrowLocks).where(inArray(escrowLocks.sneakerId, ids));
  return new Set(rows.map((r) => r.id));
}

/** Locks the sneakers to the loop; the primary key refuses one already locked by a trade or loop. */
export async function insertLoopLocks(tx: Db, loopId: number, sneakerIds: number[], at: Date): Promise<void> {
  await tx.insert(escrowLocks).values(sneakerIds.map((sneakerId) => ({ sneakerId, loopId, lockedAt: at })));
}

export async function deleteLoopLocks(tx: Db, loopId: number): Promise<void> {
  await tx.delete(escrowLocks).where(eq(escrowLocks.loopId, loopId));
}

export async function setSneakersOwner(tx: Db, ids: number[], userId: string, at: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx.update(sneakers).set({ userId, updatedAt: at }).where(inArray(sneakers.id, ids));
}

/** Each member's completed-trade count rises by one; the rows are locked in id order first. */
export async function incrementTradeCounts(tx: Db, ids: string[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx.select({ id: users.id }).from(users).where(inArray(users.id, ids)).orderBy(asc(users.id)).for('no key update');
  await tx
    .update(users)
    .set({ totalTrades: sql`${users.totalTrades} + 1`, updatedAt: at })
    .where(inArray(users.id, ids));
}
