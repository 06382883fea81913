import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { isUniqueViolation } from './db-errors';
import { readSneakersForTrade, transferSneakers } from '../sneakers/sneaker-records';
import { incrementCompletedTrades } from '../users/member-records';
import { deleteEscrowLocks, insertEscrowLocks } from '../escrow/escrow-locks';
import { readSneakerTradeFacts, type TradeSneakerRow } from './trade-sneakers';
import { untradeableSneakers, type SneakerTradeFacts, type UntradeableReason } from './tradeable-sneaker';
import type { TradeRow } from './trades.repository';

type TradeSides = Pick<TradeRow, 'id' | 'proposerId' | 'receiverId' | 'proposerSneakerIds' | 'receiverSneakerIds' | 'createdAt'>;

/** One sneaker changing hands on completion (the ledger's release payload). */
export interface SneakerTransfer {
  sneakerId: number;
  fromUserId: string;
  toUserId: string;
}

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

/**
 * Locks every sneaker of both sides in escrow (see docs/rules/trades.md#escrow). The sneaker rows are locked
 * first, in id order, then each is re-checked; the escrow_locks primary key is the last line of
 * defence, so even a race that slipped past the checks cannot lock a sneaker twice.
 * Throws SNEAKER_LOCKED naming the first sneaker that is gone, moved, hidden or locked elsewhere.
 * Returns what it read about the sneakers under their row locks.
 */
export async function lockTradeSneakers(tx: Db, trade: TradeSides, at: Date): Promise<SneakerTradeFacts<TradeSneakerRow>> {
  const ids = [...expectedOwners(trade).keys()];
  const facts = await readSneakerTradeFacts(tx, ids, { lock: true });
  // The lowest id first, as the rows were locked.
  const [first] = untradeableSneakers(trade, facts, trade).sort((a, b) => a.id - b.id);
  if (first) throw new AppError('SNEAKER_LOCKED', unavailableMessage(first.reason, first.sneaker));
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
  return facts;
}

/**
 * Completes the swap in the caller's transaction: every sneaker goes to the other party and
 * both members' totalTrades rise by one. The escrow locks are released by releaseTradeLocks.
 */
export async function transferTradeSneakers(tx: Db, trade: TradeSides, at: Date): Promise<SneakerTransfer[]> {
  const owners = expectedOwners(trade);
  const rows = await readSneakersForTrade(tx, [...owners.keys()], { lock: true });
  for (const sneaker of rows) {
    // Locked sneakers cannot change hands elsewhere; if one did, refuse rather than guess.
    if (sneaker.userId !== owners.get(sneaker.id)) {
      throw new AppError('CONFLICT', `${sneaker.name} changed owner during the trade; an admin must resolve it`);
    }
  }
  const present = new Set(rows.map((s) => s.id));
  const toReceiver = trade.proposerSneakerIds.filter((id) => present.has(id));
  const toProposer = trade.receiverSneakerIds.filter((id) => present.has(id));
  await transferSneakers(
    tx,
    [
      { sneakerIds: toReceiver, toUserId: trade.receiverId },
      { sneakerIds: toProposer, toUserId: trade.proposerId },
    ],
    at,
  );
  await incrementCompletedTrades(tx, [trade.proposerId, trade.receiverId], at);
  return [
    ...toReceiver.map((sneakerId) => ({ sneakerId, fromUserId: trade.proposerId, toUserId: trade.receiverId })),
    ...toProposer.map((sneakerId) => ({ sneakerId, fromUserId: trade.receiverId, toUserId: trade.proposerId })),
  ];
}

/** Gives the sneakers back to their owners' free use (cancel after acceptance, lost dispute). */
export async function releaseTradeLocks(tx: Db, tradeId: number): Promise<void> {
  await deleteEscrowLocks(tx, tradeId);
}
