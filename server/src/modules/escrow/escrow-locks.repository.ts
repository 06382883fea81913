import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { escrowLocks } from '../../db/schema/index';

/** The escrow locks: which sneaker an accepted trade holds. The sneakers themselves belong to the sneakers module. */

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

/** Locks the sneakers to the trade; the primary key refuses a sneaker already locked elsewhere. */
export async function insertEscrowLocks(tx: Db, tradeId: number, sneakerIds: number[], at: Date): Promise<void> {
  await tx.insert(escrowLocks).values(sneakerIds.map((sneakerId) => ({ sneakerId, tradeId, lockedAt: at })));
}

/** Releases every lock the trade holds (on completion or refund). */
export async function deleteEscrowLocks(tx: Db, tradeId: number): Promise<void> {
  await tx.delete(escrowLocks).where(eq(escrowLocks.tradeId, tradeId));
}

/** Locks the sneakers to a loop; the primary key refuses a sneaker already locked by a trade or loop. */
export async function insertLoopEscrowLocks(tx: Db, loopId: number, sneakerIds: number[], at: Date): Promise<void> {
  await tx.insert(escrowLocks).values(sneakerIds.map((sneakerId) => ({ sneakerId, loopId, lockedAt: at })));
}

export async function deleteLoopEscrowLocks(tx: Db, loopId: number): Promise<void> {
  await tx.delete(escrowLocks).where(eq(escrowLocks.loopId, loopId));
}

/** Every sneaker escrow holds (for a trade or a loop), as a subquery of (sneaker_id). */
export function escrowLockedSneakersSubquery(): SQL {
  return sql`(select sneaker_id from escrow_locks)`;
}

/**
 * Every lock as a subquery of (sneaker_id, trade_id): a loop's lock reads as trade 0, as in
 * findEscrowLocks, for a statement that reads a page of trades with their sneakers at once.
 */
export function escrowLocksSubquery(): SQL {
  return sql`(select sneaker_id, coalesce(trade_id, 0) as trade_id from escrow_locks)`;
}
