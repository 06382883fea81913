import type { Db } from '../../db/client';
import { deleteLoopEscrowLocks, findEscrowLocks, insertLoopEscrowLocks } from './trade-sneakers.repository';

export { escrowLockedSneakersSubquery } from './trade-sneakers.repository';

/**
 * What other modules may read and change on trades, ratings and escrow locks (the trades module
 * owns them). Every function takes the caller's `db` or transaction; the subqueries are for a
 * caller's single statement that reads all trades at once.
 */
export {
  completedTradeSidesSubquery,
  findCompletedTradesPage,
  findPendingTradeIdsBetween,
  findRatingScores,
  findTradePartiesById,
  tradeIdsOfPartySubquery,
  unshippedSidesDueSubquery,
  updateLockHashOfTrade,
  type CompletedTradeRow,
} from './trade-records.repository';

/** Which of these sneakers escrow holds (they sit in an accepted trade). */
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
