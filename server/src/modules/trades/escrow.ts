import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { isUniqueViolation } from './db-errors';
import {
  deleteEscrowLocks,
  findEscrowLocks,
  insertEscrowLocks,
  lockSneakers,
  setSneakersOwner,
  type TradeSneakerRow,
} from './trade-sneakers.repository';
import { incrementTotalTrades, lockUsers } from './trade-parties.repository';
import type { TradeRow } from './trades.repository';

type TradeSides = Pick<TradeRow, 'id' | 'proposerId' | 'receiverId' | 'proposerSneakerIds' | 'receiverSneakerIds' | 'createdAt'>;

/** One sneaker changing hands on completion (the ledger's release payload). */
export interface SneakerTransfer {
  sneakerId: number;
  fromUserId: string;
  toUserId: string;
}

/**
 * Why a sneaker can no longer be part of this trade, or null when it still can: it must exist,
 * belong to the side that offers it, be available for trade, not be locked by another trade, and
 * show what it showed when the trade was proposed.
 */
export function unavailableReason(
  sneaker: TradeSneakerRow | undefined,
  expectedOwnerId: string,
  lockedByTradeId: number | undefined,
  trade: { id: number; createdAt: Date },
): string | null {
  if (!sneaker) return 'A sneaker in this trade is no longer available: it was removed';
  if (sneaker.userId !== expectedOwnerId) return `${sneaker.name} is no longer available: it has changed owner`;
  if (!sneaker.isAvailableForTrade) return `${sneaker.name} is no longer available: it is hidden from trading`;
  if (lockedByTradeId !== undefined && lockedByTradeId !== trade.id) {
    return `${sneaker.name} is no longer available: it is locked in another trade`;
  }
  if (sneaker.listingChangedAt.getTime() - trade.createdAt.getTime() > LISTING_CHANGE_GRACE_MS) {
    return `${sneaker.name} was changed after this proposal was made: ask for a new proposal`;
  }
  return null;
}

/**
 * Clock slack between the database (which stamps new rows) and the app (which stamps proposals
 * and edits); no person edits a listing within a second of proposing it.
 */
const LISTING_CHANGE_GRACE_MS = 1000;

/** The owner each sneaker of the trade is expected to have before completion. */
function expectedOwners(trade: TradeSides): Map<number, string> {
  const owners = new Map<number, string>();
  for (const id of trade.proposerSneakerIds) owners.set(id, trade.proposerId);
  for (const id of trade.receiverSneakerIds) owners.set(id, trade.receiverId);
  return owners;
}

/**
 * Locks every sneaker of both sides in escrow (decisions.md 6). The sneaker rows are locked
 * first, in id order, then each is re-checked; the escrow_locks primary key is the last line of
 * defence, so even a race that slipped past the checks cannot lock a sneaker twice.
 * Throws SNEAKER_LOCKED naming the first sneaker that is gone, moved, hidden or locked elsewhere.
 */
export async function lockTradeSneakers(tx: Db, trade: TradeSides, at: Date): Promise<void> {
  const owners = expectedOwners(trade);
  const ids = [...owners.keys()];
  const rows = new Map((await lockSneakers(tx, ids)).map((s) => [s.id, s]));
  const locks = new Map((await findEscrowLocks(tx, ids)).map((l) => [l.sneakerId, l.tradeId]));
  for (const id of [...ids].sort((a, b) => a - b)) {
    const reason = unavailableReason(rows.get(id), owners.get(id)!, locks.get(id), trade);
    if (reason) throw new AppError('SNEAKER_LOCKED', reason);
  }
  try {
    await insertEscrowLocks(tx, trade.id, ids, at);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('SNEAKER_LOCKED', 'A sneaker in this trade is no longer available: it is locked in another trade', {
        cause: error,
      });
    }
    throw error;
  }
}

/**
 * Completes the swap in the caller's transaction: every sneaker goes to the other party and
 * both members' totalTrades rise by one. The escrow locks are released by releaseTradeLocks.
 */
export async function transferTradeSneakers(tx: Db, trade: TradeSides, at: Date): Promise<SneakerTransfer[]> {
  const owners = expectedOwners(trade);
  const rows = await lockSneakers(tx, [...owners.keys()]);
  for (const sneaker of rows) {
    // Locked sneakers cannot change hands elsewhere; if one did, refuse rather than guess.
    if (sneaker.userId !== owners.get(sneaker.id)) {
      throw new AppError('CONFLICT', `${sneaker.name} changed owner during the trade; an admin must resolve it`);
    }
  }
  const present = new Set(rows.map((s) => s.id));
  const toReceiver = trade.proposerSneakerIds.filter((id) => present.has(id));
  const toProposer = trade.receiverSneakerIds.filter((id) => present.has(id));
  await setSneakersOwner(tx, toReceiver, trade.receiverId, at);
  await setSneakersOwner(tx, toProposer, trade.proposerId, at);
  await lockUsers(tx, [trade.proposerId, trade.receiverId]);
  await incrementTotalTrades(tx, [trade.proposerId, trade.receiverId], at);
  return [
    ...toReceiver.map((sneakerId) => ({ sneakerId, fromUserId: trade.proposerId, toUserId: trade.receiverId })),
    ...toProposer.map((sneakerId) => ({ sneakerId, fromUserId: trade.receiverId, toUserId: trade.proposerId })),
  ];
}

/** Gives the sneakers back to their owners' free use (cancel after acceptance, lost dispute). */
export async function releaseTradeLocks(tx: Db, tradeId: number): Promise<void> {
  await deleteEscrowLocks(tx, tradeId);
}
