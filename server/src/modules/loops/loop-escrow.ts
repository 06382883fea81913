import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { isUniqueViolation } from '../trades/db-errors';
import { unavailableReason } from '../trades/escrow';
import { deleteLoopLocks, findLockedSneakerIds, incrementTradeCounts, insertLoopLocks, lockLoopSneakers, setSneakersOwner } from './loop-sneakers.repository';
import type { LoopLegRow, LoopRow } from './loops.repository';

/** One sneaker changing hands when a loop completes (the ledger's release payload). */
export interface LoopTransfer {
  sneakerId: number;
  fromUserId: string;
  toUserId: string;
}

const expectedOwners = (legs: readonly LoopLegRow[]) =>
  new Map(legs.flatMap((leg) => leg.sneakerIds.map((id) => [id, leg.fromUserId] as const)));

/**
 * Locks every pair of the loop in escrow, in the caller's transaction, under the same invariant
 * as two-member trades: the sneaker rows are locked in id order and re-checked (still the
 * giver's, listed, not locked by a trade or another loop, unchanged since the proposal), and the
 * escrow_locks primary key refuses a sneaker that is already held anywhere.
 */
export async function lockLoopPairs(tx: Db, loop: LoopRow, legs: readonly LoopLegRow[], at: Date): Promise<void> {
  const owners = expectedOwners(legs);
  const ids = [...owners.keys()];
  const rows = new Map((await lockLoopSneakers(tx, ids)).map((s) => [s.id, s]));
  const locked = await findLockedSneakerIds(tx, ids);
  for (const id of [...ids].sort((a, b) => a - b)) {
    // No trade has id 0: a lock of any trade or loop reads as "locked elsewhere".
    const reason = unavailableReason(rows.get(id), owners.get(id)!, locked.has(id) ? 0 : undefined, { id: -1, createdAt: loop.createdAt });
    if (reason) throw new AppError('SNEAKER_LOCKED', reason);
  }
  try {
    await insertLoopLocks(tx, loop.id, ids, at);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('SNEAKER_LOCKED', 'A sneaker in this loop is no longer available: it is locked in another trade', { cause: error });
    }
    throw error;
  }
}

/**
 * Completes the loop: every leg's pairs go to its receiver and every member's completed-trade
 * count rises by one, all in the caller's transaction, so either all pairs move or none do.
 */
export async function transferLoopPairs(tx: Db, legs: readonly LoopLegRow[], at: Date): Promise<LoopTransfer[]> {
  const owners = expectedOwners(legs);
  for (const sneaker of await lockLoopSneakers(tx, [...owners.keys()])) {
    if (sneaker.userId !== owners.get(sneaker.id)) {
      throw new AppError('CONFLICT', `${sneaker.name} changed owner during the loop; an admin must resolve it`);
    }
  }
  for (const leg of legs) await setSneakersOwner(tx, leg.sneakerIds, leg.toUserId, at);
  await incrementTradeCounts(tx, legs.map((leg) => leg.fromUserId), at);
  return legs.flatMap((leg) => leg.sneakerIds.map((sneakerId) => ({ sneakerId, fromUserId: leg.fromUserId, toUserId: leg.toUserId })));
}

/** Gives every pair of the loop back to its owner's free use (completion, refund). */
export async function releaseLoopPairs(tx: Db, loopId: number): Promise<void> {
  await deleteLoopLocks(tx, loopId);
}
