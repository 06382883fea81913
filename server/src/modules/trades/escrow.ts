import type { Db } from '../../db/client';
import { holdPairs, releasePairs, transferPairs, type PairTransfer } from '../custody/escrow-locker';
import type { TradeSneakerRow } from '../custody/trade-sneakers';
import type { SneakerTradeFacts, UntradeableReason } from '../custody/tradeable-sneaker';
import type { TradeRow } from './trades.repository';

type TradeSides = Pick<TradeRow, 'id' | 'proposerId' | 'receiverId' | 'proposerSneakerIds' | 'receiverSneakerIds' | 'createdAt'>;

/** One sneaker changing hands on completion (the ledger's release payload). */
export type SneakerTransfer = PairTransfer;

/** What the receiver is told when a sneaker can no longer be accepted into the trade. */
function unavailableMessage(reason: UntradeableReason, sneaker: TradeSneakerRow | undefined): string {
  const name = sneaker?.name ?? 'A sneaker in this trade';
  switch (reason) {
    case 'REMOVED':
      return 'A sneaker in this trade is no longer available: it was removed';
    case 'NOT_OWNED':
      return `${name} is no longer available: it has changed owner`;
    case 'HIDDEN':
      return `${name} is no longer available: it is hidden from trading`;
    case 'LOCKED_ELSEWHERE':
      return `${name} is no longer available: it is locked in another trade`;
    case 'CHANGED_SINCE_PROPOSAL':
      return `${name} was changed after this proposal was made: ask for a new proposal`;
  }
}

/** The owner each sneaker of the trade is expected to have before completion. */
function expectedOwners(trade: TradeSides): Map<number, string> {
  const owners = new Map<number, string>();
  for (const id of trade.proposerSneakerIds) owners.set(id, trade.proposerId);
  for (const id of trade.receiverSneakerIds) owners.set(id, trade.receiverId);
  return owners;
}

/** What the receiver is told when the unique key caught a lock the row checks did not see. */
const LOCKED_ELSEWHERE = 'A sneaker in this trade is no longer available: it is locked in another trade';

/**
 * Locks every sneaker of both sides in escrow (see docs/rules/trades.md#escrow), through the one
 * escrow locker (custody/escrow-locker.ts): rows locked in id order, each re-checked, the escrow_locks
 * primary key as the last line of defence. Throws SNEAKER_LOCKED naming the first sneaker that is
 * gone, moved, hidden or locked elsewhere. Returns what it read about the sneakers under their row locks.
 */
export async function lockTradeSneakers(tx: Db, trade: TradeSides, at: Date): Promise<SneakerTradeFacts<TradeSneakerRow>> {
  return holdPairs(tx, { kind: 'trade', id: trade.id, createdAt: trade.createdAt }, expectedOwners(trade), at, {
    unavailable: unavailableMessage,
    lockedElsewhere: LOCKED_ELSEWHERE,
  });
}

/**
 * Completes the swap in the caller's transaction: every sneaker goes to the other party and
 * both members' totalTrades rise by one. The escrow locks are released by releaseTradeLocks.
 */
export async function transferTradeSneakers(tx: Db, trade: TradeSides, at: Date): Promise<SneakerTransfer[]> {
  return transferPairs(
    tx,
    [
      { sneakerIds: trade.proposerSneakerIds, fromUserId: trade.proposerId, toUserId: trade.receiverId },
      { sneakerIds: trade.receiverSneakerIds, fromUserId: trade.receiverId, toUserId: trade.proposerId },
    ],
    at,
    (name) => `${name} changed owner during the trade; an admin must resolve it`,
  );
}

/** Gives the sneakers back to their owners' free use (cancel after acceptance, lost dispute). */
export async function releaseTradeLocks(tx: Db, tradeId: number): Promise<void> {
  await releasePairs(tx, { kind: 'trade', id: tradeId });
}
