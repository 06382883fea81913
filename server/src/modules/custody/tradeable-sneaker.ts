/**
 * The one rule for "this sneaker can (still) go into this trade". Proposals, counter-offers,
 * acceptance and the trade views' "no longer available" flag all ask it, each with the facts
 * read by `readSneakerTradeFacts` (trade-sneakers.ts); acceptance reads them under
 * row locks. Pure: no database, no clock.
 */

/** Why a sneaker cannot go into the trade. */
export const UNTRADEABLE_REASONS = [
  /** The sneaker no longer exists. */
  'REMOVED',
  /** It does not belong to the side that offers it (never did, or changed owner). */
  'NOT_OWNED',
  /** Its owner hid it from trading. */
  'HIDDEN',
  /** It is held in escrow by another trade. */
  'LOCKED_ELSEWHERE',
  /** What the listing shows changed after the trade was proposed. */
  'CHANGED_SINCE_PROPOSAL',
] as const;
export type UntradeableReason = (typeof UNTRADEABLE_REASONS)[number];

/** What the rule reads about a sneaker. */
export interface TradeableSneaker {
  userId: string;
  isAvailableForTrade: boolean;
  /** When the owner last changed what the listing shows. */
  listingChangedAt: Date;
}

/** The sneaker rows and escrow locks the rule reads, by sneaker id. */
export interface SneakerTradeFacts<S extends TradeableSneaker = TradeableSneaker> {
  sneakers: ReadonlyMap<number, S>;
  /** sneaker id → id of the trade holding it in escrow */
  lockedBy: ReadonlyMap<number, number>;
}

/** The trade the sneaker is in; absent while it is only being proposed. */
export interface ExistingTrade {
  id: number;
  createdAt: Date;
}

/**
 * Clock slack between the database (which stamps new rows) and the app (which stamps proposals
 * and edits); no person edits a listing within a second of proposing it.
 */
const LISTING_CHANGE_GRACE_MS = 1000;

/**
 * Why the sneaker cannot be part of the trade, or null when it can: it must exist, belong to the
 * side that offers it (`ownerId`), be available for trade, not be locked by another trade, and,
 * once the trade exists, show what it showed when the trade was proposed.
 */
export function whyNotTradeable(
  sneaker: TradeableSneaker | undefined,
  { ownerId, lockedByTradeId, trade }: { ownerId: string; lockedByTradeId: number | undefined; trade?: ExistingTrade },
): UntradeableReason | null {
  if (!sneaker) return 'REMOVED';
  if (sneaker.userId !== ownerId) return 'NOT_OWNED';
  if (!sneaker.isAvailableForTrade) return 'HIDDEN';
  if (lockedByTradeId !== undefined && lockedByTradeId !== trade?.id) return 'LOCKED_ELSEWHERE';
  if (trade && sneaker.listingChangedAt.getTime() - trade.createdAt.getTime() > LISTING_CHANGE_GRACE_MS) {
    return 'CHANGED_SINCE_PROPOSAL';
  }
  return null;
}

/** Both sides of a trade or proposal. */
export interface TradeSides {
  proposerId: string;
  receiverId: string;
  proposerSneakerIds: readonly number[];
  receiverSneakerIds: readonly number[];
}

export interface UntradeableSneaker<S extends TradeableSneaker = TradeableSneaker> {
  id: number;
  side: 'proposer' | 'receiver';
  /** Undefined when the sneaker was removed. */
  sneaker: S | undefined;
  reason: UntradeableReason;
}

/** Every sneaker of the trade that cannot (still) be part of it, the proposer's side first, each side in its order. */
export function untradeableSneakers<S extends TradeableSneaker>(
  sides: TradeSides,
  facts: SneakerTradeFacts<S>,
  trade?: ExistingTrade,
): UntradeableSneaker<S>[] {
  const check = (side: 'proposer' | 'receiver', ids: readonly number[], ownerId: string) =>
    ids.flatMap((id) => {
      const sneaker = facts.sneakers.get(id);
      const reason = whyNotTradeable(sneaker, { ownerId, lockedByTradeId: facts.lockedBy.get(id), trade });
      return reason ? [{ id, side, sneaker, reason }] : [];
    });
  return [...check('proposer', sides.proposerSneakerIds, sides.proposerId), ...check('receiver', sides.receiverSneakerIds, sides.receiverId)];
}
