import type { Db } from '../../db/client';
import { holdPairs, releasePairs, transferPairs, type PairTransfer } from '../custody/escrow-locker';
import type { UntradeableReason } from '../custody/tradeable-sneaker';
import type { LoopLegRow, LoopRow } from './loops.repository';

/** One sneaker changing hands when a loop completes (the ledger's release payload). */
export type LoopTransfer = PairTransfer;

const expectedOwners = (legs: readonly LoopLegRow[]) => new Map(legs.flatMap((leg) => leg.sneakerIds.map((id) => [id, leg.fromUserId] as const)));

/**
 * Locks every pair of the loop in escrow, in the caller's transaction, through the one escrow
 * locker two-member trades use (custody/escrow-locker.ts): the sneaker rows are locked in id order
 * and re-checked (still the giver's, listed, not locked by a trade or another loop, unchanged since
 * the proposal), and the escrow_locks primary key refuses a sneaker that is already held anywhere.
 */
export async function lockLoopPairs(tx: Db, loop: LoopRow, legs: readonly LoopLegRow[], at: Date): Promise<void> {
  await holdPairs(tx, { kind: 'loop', id: loop.id, createdAt: loop.createdAt }, expectedOwners(legs), at, {
    unavailable: (reason, sneaker) => unavailableMessage(reason, sneaker?.name),
    lockedElsewhere: 'A sneaker in this loop is no longer available: it is locked in another trade',
  });
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
  return transferPairs(tx, legs, at, (name) => `${name} changed owner during the loop; an admin must resolve it`);
}

/** Gives every pair of the loop back to its owner's free use (completion, refund). */
export async function releaseLoopPairs(tx: Db, loopId: number): Promise<void> {
  await releasePairs(tx, { kind: 'loop', id: loopId });
}
