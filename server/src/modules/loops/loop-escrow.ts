import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { isUniqueViolation } from '../trades/db-errors';
import { whyNotTradeable, type UntradeableReason } from '../trades/tradeable-sneaker';
import { readSneakersForTrade, transferSneakers } from '../sneakers/sneaker-records';
import { lockSneakersForLoop, lockedSneakerIds, releaseSneakersOfLoop } from '../escrow/escrow-locks';
import { incrementCompletedTrades } from '../users/member-records';
import type { LoopLegRow, LoopRow } from './loops.repository';

/** One sneaker changing hands when a loop completes (the ledger's release payload). */
export interface LoopTransfer {
  sneakerId: number;
  fromUserId: string;
  toUserId: string;
}

const expectedOwners = (legs: readonly LoopLegRow[]) => new Map(legs.flatMap((leg) => leg.sneakerIds.map((id) => [id, leg.fromUserId] as const)));

/**
 * Locks every pair of the loop in escrow, in the caller's transaction, under the same invariant
 * as two-member trades: the sneaker rows are locked in id order and re-checked (still the
 * giver's, listed, not locked by a trade or another loop, unchanged since the proposal), and the
 * escrow_locks primary key refuses a sneaker that is already held anywhere.
 */
export async function lockLoopPairs(tx: Db, loop: LoopRow, legs: readonly LoopLegRow[], at: Date): Promise<void> {
  const owners = expectedOwners(legs);
  const ids = [...owners.keys()];
  const rows = new Map((await readSneakersForTrade(tx, ids, { lock: true })).map((s) => [s.id, s]));
  const locked = await lockedSneakerIds(tx, ids);
  for (const id of [...ids].sort((a, b) => a - b)) {
    // The same rule as a two-member trade's acceptance; any existing lock is someone else's,
    // since this loop locks nothing before this point.
    const sneaker = rows.get(id);
    const reason = whyNotTradeable(sneaker, {
      ownerId: owners.get(id)!,
      lockedByTradeId: locked.has(id) ? 0 : undefined,
      trade: { id: -1, createdAt: loop.createdAt },
    });
    if (reason) throw new AppError('SNEAKER_LOCKED', unavailableMessage(reason, sneaker?.name));
  }
  try {
    await lockSneakersForLoop(tx, loop.id, ids, at);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('SNEAKER_LOCKED', 'A sneaker in this loop is no longer available: it is locked in another trade', { cause: error });
    }
    throw error;
  }
}

/** What the last member to accept is told when a pair can no longer go into the loop. */
function unavailableMessage(reason: UntradeableReason, name = 'A pair in this loop'): string {
  switch (reason) {
    case 'REMOVED':
      return 'A pair in this loop is no longer available: it was removed';
    case 'NOT_OWNED':
      return `${name} is no longer available: it has changed owner`;
    case 'HIDDEN':
      return `${name} is no longer available: it is hidden from trading`;
    case 'LOCKED_ELSEWHERE':
      return `${name} is no longer available: it is locked in another trade`;
    case 'CHANGED_SINCE_PROPOSAL':
      return `${name} was changed after this loop was proposed`;
  }
}

/**
 * Completes the loop: every leg's pairs go to its receiver and every member's completed-trade
 * count rises by one, all in the caller's transaction, so either all pairs move or none do.
 */
export async function transferLoopPairs(tx: Db, legs: readonly LoopLegRow[], at: Date): Promise<LoopTransfer[]> {
  const owners = expectedOwners(legs);
  for (const sneaker of await readSneakersForTrade(tx, [...owners.keys()], { lock: true })) {
    if (sneaker.userId !== owners.get(sneaker.id)) {
      throw new AppError('CONFLICT', `${sneaker.name} changed owner during the loop; an admin must resolve it`);
    }
  }
  await transferSneakers(
    tx,
    legs.map((leg) => ({ sneakerIds: leg.sneakerIds, toUserId: leg.toUserId })),
    at,
  );
  await incrementCompletedTrades(tx, [...new Set(legs.map((leg) => leg.fromUserId))], at);
  return legs.flatMap((leg) => leg.sneakerIds.map((sneakerId) => ({ sneakerId, fromUserId: leg.fromUserId, toUserId: leg.toUserId })));
}

/** Gives every pair of the loop back to its owner's free use (completion, refund). */
export async function releaseLoopPairs(tx: Db, loopId: number): Promise<void> {
  await releaseSneakersOfLoop(tx, loopId);
}
