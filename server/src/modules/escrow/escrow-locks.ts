import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import * as locks from './escrow-locks.repository';

/**
 * Escrow owns one table, escrow_locks: which sneaker an accepted trade or a committed loop holds.
 * It depends on no other module, so sneakers (may I change this sneaker?), trades and loops (hold
 * and release) all ask it without importing each other. Every function takes the caller's `db`
 * or transaction. Why a lock is a row with a primary key: docs/rules/trades.md#escrow.
 */

/**
 * Which of these sneakers escrow holds, and for which trade. A sneaker a loop holds reads as held
 * by trade 0, an id no trade has, so every check treats it as "held in another trade".
 */
export async function findEscrowLocks(db: Db, sneakerIds: number[]): Promise<Array<{ sneakerId: number; tradeId: number }>> {
  return locks.findEscrowLocks(db, sneakerIds);
}

/** Which of these sneakers escrow holds (they sit in an accepted trade or a committed loop). */
export async function lockedSneakerIds(db: Db, sneakerIds: number[]): Promise<Set<number>> {
  return new Set((await locks.findEscrowLocks(db, sneakerIds)).map((l) => l.sneakerId));
}

/** Whether escrow holds the sneaker. Inside a transaction, lock the sneaker row first to get the latest answer. */
export async function isSneakerLocked(db: Db, sneakerId: number): Promise<boolean> {
  return (await lockedSneakerIds(db, [sneakerId])).has(sneakerId);
}

/**
 * Holds the trade's sneakers in escrow, in the caller's transaction (lock the sneaker rows first,
 * in id order). The primary key refuses a sneaker already held by a trade or loop: the caller
 * gets the unique violation.
 */
export async function lockSneakersForTrade(tx: Db, tradeId: number, sneakerIds: number[], at: Date): Promise<void> {
  await locks.insertEscrowLocks(tx, tradeId, sneakerIds, at);
}

/** Frees every sneaker the trade holds (on completion or refund). */
export async function releaseSneakersOfTrade(tx: Db, tradeId: number): Promise<void> {
  await locks.deleteEscrowLocks(tx, tradeId);
}

/**
 * Holds the loop's sneakers in escrow, in the caller's transaction (lock the sneaker rows first,
 * in id order). The primary key refuses a sneaker already held by a trade or loop: the caller
 * gets the unique violation.
 */
export async function lockSneakersForLoop(tx: Db, loopId: number, sneakerIds: number[], at: Date): Promise<void> {
  await locks.insertLoopEscrowLocks(tx, loopId, sneakerIds, at);
}

/** Frees every sneaker the loop holds. */
export async function releaseSneakersOfLoop(tx: Db, loopId: number): Promise<void> {
  await locks.deleteLoopEscrowLocks(tx, loopId);
}

/** Subquery, one row per sneaker escrow holds (for a trade or a loop): (sneaker_id). */
export function escrowLockedSneakersSubquery(): SQL {
  return locks.escrowLockedSneakersSubquery();
}

/**
 * Subquery, one row per sneaker escrow holds: (sneaker_id, trade_id), a loop's hold reading as
 * trade 0 as in findEscrowLocks. For a statement that reads a page of trades with their sneakers at once.
 */
export function escrowLocksSubquery(): SQL {
  return locks.escrowLocksSubquery();
}
