import type { Db } from '../../db/client';
import { deleteLoopEscrowLocks, findEscrowLocks, insertLoopEscrowLocks } from './escrow-locks.repository';

/**
 * Escrow owns one table, escrow_locks: which sneaker an accepted trade or a committed loop holds.
 * It depends on no other module, so sneakers (may I change this sneaker?), trades and loops (hold
 * and release) all ask it without importing each other. Every function takes the caller's `db`
 * or transaction. Why a lock is a row with a primary key: docs/rules/trades.md#escrow.
 */
export { deleteEscrowLocks, escrowLockedSneakersSubquery, escrowLocksSubquery, findEscrowLocks, insertEscrowLocks } from './escrow-locks.repository';

/** Which of these sneakers escrow holds (they sit in an accepted trade or a committed loop). */
export async function lockedSneakerIds(db: Db, sneakerIds: number[]): Promise<Set<number>> {
  return new Set((await findEscrowLocks(db, sneakerIds)).map((l) => l.sneakerId));
}

/** Whether escrow holds the sneaker. Inside a transaction, lock the sneaker row first to get the latest answer. */
export async function isSneakerLocked(db: Db, sneakerId: number): Promise<boolean> {
  return (await lockedSneakerIds(db, [sneakerId])).has(sneakerId);
}

/**
 * Holds the loop's sneakers in escrow, in the caller's transaction (lock the sneaker rows first,
 * in id order). The primary key refuses a sneaker already held by a trade or loop: the caller
 * gets the unique violation.
 */
export async function lockSneakersForLoop(tx: Db, loopId: number, sneakerIds: number[], at: Date): Promise<void> {
  await insertLoopEscrowLocks(tx, loopId, sneakerIds, at);
}

/** Frees every sneaker the loop holds. */
export async function releaseSneakersOfLoop(tx: Db, loopId: number): Promise<void> {
  await deleteLoopEscrowLocks(tx, loopId);
}
