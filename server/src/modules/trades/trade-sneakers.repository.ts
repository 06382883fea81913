import { eq, inArray, sql } from 'drizzle-orm';
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
