import type { Db } from '../../db/client';
import { findEscrowLocks } from './trade-sneakers.repository';

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
