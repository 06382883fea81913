import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { lockSneakersForLoop, lockSneakersForTrade, releaseSneakersOfLoop, releaseSneakersOfTrade } from '../escrow/escrow-locks';
import { readSneakersForTrade, transferSneakers } from '../sneakers/sneaker-records';
import { incrementCompletedTrades } from '../users/member-records';
import { isUniqueViolation } from '../../db/db-errors';
import { readSneakerTradeFacts, type TradeSneakerRow } from './trade-sneakers';
import { whyNotTradeable, type SneakerTradeFacts, type UntradeableReason } from './tradeable-sneaker';

/**
 * The one escrow locker (docs/rules/trades.md#escrow): how a two-member trade and a loop hold
 * their pairs, give them back, and move them to their new owners. Each lifecycle's own machine
 * decides when (trade.machine.ts, loop.machine.ts: the lockEscrow, releaseEscrow, refundEscrow and
 * transferOwnership effects); this is the one way it is done. It lives beside the one tradeable
 * rule (tradeable-sneaker.ts) it applies; the locks themselves belong to the escrow module.
 */

/** Who holds the pairs: a trade, or a loop (which locks nothing before this point). */
export interface EscrowHolder {
  kind: 'trade' | 'loop';
  id: number;
  /** When it was proposed: a listing changed after that is no longer what was agreed. */
  createdAt: Date;
}

/** What the member is told when a pair cannot be held: the lifecycle's own words. */
export interface EscrowRefusalMessages {
  unavailable: (reason: UntradeableReason, sneaker: TradeSneakerRow | undefined) => string;
  /** A race the row checks did not see, caught by the escrow_locks primary key. */
  lockedElsewhere: string;
}

/**
 * Holds every pair in escrow for `holder`, in the caller's transaction. The sneaker rows are
 * locked first, in id order, then each is re-checked by the one tradeable rule (still there, still
 * its giver's (`owners`), available, not held elsewhere, unchanged since the proposal); the
 * escrow_locks primary key is the last line of defence, so even a race that slipped past the checks
 * cannot hold a pair twice. Throws SNEAKER_LOCKED naming the lowest-id pair that cannot be held.
 * Answers what it read under the row locks.
 */
export async function holdPairs(
  tx: Db,
  holder: EscrowHolder,
  owners: ReadonlyMap<number, string>,
  at: Date,
  messages: EscrowRefusalMessages,
): Promise<SneakerTradeFacts<TradeSneakerRow>> {
  const ids = [...owners.keys()];
  const facts = await readSneakerTradeFacts(tx, ids, { lock: true });
  // A loop holds nothing before this point: any lock on its pairs is someone else's.
  const existing = { id: holder.kind === 'trade' ? holder.id : -1, createdAt: holder.createdAt };
  for (const id of [...ids].sort((a, b) => a - b)) {
    const sneaker = facts.sneakers.get(id);
    const reason = whyNotTradeable(sneaker, { ownerId: owners.get(id)!, lockedByTradeId: facts.lockedBy.get(id), trade: existing });
    if (reason) throw new AppError('SNEAKER_LOCKED', messages.unavailable(reason, sneaker));
  }
  try {
    if (holder.kind === 'trade') await lockSneakersForTrade(tx, holder.id, ids, at);
    else await lockSneakersForLoop(tx, holder.id, ids, at);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('SNEAKER_LOCKED', messages.lockedElsewhere, { cause: error });
    throw error;
  }
  return facts;
}

/** Gives every pair the holder holds back to its owner's free use (completion, refund). */
export async function releasePairs(tx: Db, holder: Pick<EscrowHolder, 'kind' | 'id'>): Promise<void> {
  if (holder.kind === 'trade') await releaseSneakersOfTrade(tx, holder.id);
  else await releaseSneakersOfLoop(tx, holder.id);
}

/** One sneaker changing hands on completion (the ledger's release payload). */
export interface PairTransfer {
  sneakerId: number;
  fromUserId: string;
  toUserId: string;
}

/**
 * Completes a swap in the caller's transaction: each pair still there goes to its new owner, and
 * each member's completed-trade count rises by one, so either every pair moves or none does. A pair
 * that changed owner meanwhile (it was held, so it cannot have) is refused (CONFLICT) rather than
 * guessed. `moves`: each giver's pairs and who gets them.
 */
export async function transferPairs(
  tx: Db,
  moves: ReadonlyArray<{ sneakerIds: readonly number[]; fromUserId: string; toUserId: string }>,
  at: Date,
  changedOwner: (name: string) => string,
): Promise<PairTransfer[]> {
  const owners = new Map(moves.flatMap((m) => m.sneakerIds.map((id) => [id, m.fromUserId] as const)));
  const rows = await readSneakersForTrade(tx, [...owners.keys()], { lock: true });
  for (const sneaker of rows) {
    if (sneaker.userId !== owners.get(sneaker.id)) throw new AppError('CONFLICT', changedOwner(sneaker.name));
  }
  const present = new Set(rows.map((s) => s.id));
  const moving = moves.map((m) => ({ ...m, sneakerIds: m.sneakerIds.filter((id) => present.has(id)) }));
  await transferSneakers(
    tx,
    moving.map((m) => ({ sneakerIds: m.sneakerIds, toUserId: m.toUserId })),
    at,
  );
  await incrementCompletedTrades(tx, [...new Set(moves.map((m) => m.fromUserId))], at);
  return moving.flatMap((m) => m.sneakerIds.map((sneakerId) => ({ sneakerId, fromUserId: m.fromUserId, toUserId: m.toUserId })));
}
