import type { ProtectionHold, ProtectionHoldStatus } from '@soleswap/contracts/wallet-protection';
import type { TradeStatus } from '@soleswap/contracts/trades';
import type { TradeMoneyFacts } from '../wallet/settle-trade-cash';

/** Just the columns that say how a trade ended, and what each side's hold is. */
export interface HoldColumns {
  id: number;
  status: TradeStatus;
  proposerId: string;
  receiverId: string;
  proposerHoldCents: number;
  receiverHoldCents: number;
  acceptedAt: Date | string | null;
  proposerShippedAt: Date | string | null;
  receiverShippedAt: Date | string | null;
  proposerCancelRequestedAt: Date | string | null;
  receiverCancelRequestedAt: Date | string | null;
  disputedAt: Date | string | null;
  disputedById: string | null;
  /** The member whose pair failed inspection, when the centre failed the trade. */
  failedInspectionMemberId: string | null;
}

/** The statuses after which a trade holds no money: it is captured or released. */
export const MONEY_ENDED_ON: readonly string[] = ['completed', 'rejected', 'cancelled', 'expired', 'countered'] satisfies TradeStatus[];

/**
 * What a trade's ending says about its money (docs/rules/money.md#protection-holds), read off the
 * trade alone:
 * - an accepted trade cancelled by neither a dispute nor both sides asking was cancelled by the ship
 *   deadline: the sides that had not shipped missed it;
 * - a dispute resolved as cancelled (refunded) went against the side that did not open it; one
 *   resolved as completed, or opened by the system for a suspended member, goes against nobody;
 * - a via-authentication trade the centre failed went against the member whose pair failed
 *   inspection or never reached the centre, and is no ship-deadline miss for anyone.
 */
export function tradeMoneyFacts(trade: HoldColumns): TradeMoneyFacts {
  const missedShipDeadline: string[] = [];
  const resolvedAgainst: string[] = [];
  const failedInspection: string[] = [];
  if (trade.status === 'cancelled' && trade.acceptedAt !== null) {
    if (trade.failedInspectionMemberId !== null) {
      resolvedAgainst.push(trade.failedInspectionMemberId);
      failedInspection.push(trade.failedInspectionMemberId);
    } else if (trade.disputedAt !== null) {
      if (trade.disputedById === trade.proposerId) resolvedAgainst.push(trade.receiverId);
      if (trade.disputedById === trade.receiverId) resolvedAgainst.push(trade.proposerId);
    } else if (trade.proposerCancelRequestedAt === null || trade.receiverCancelRequestedAt === null) {
      if (trade.proposerShippedAt === null) missedShipDeadline.push(trade.proposerId);
      if (trade.receiverShippedAt === null) missedShipDeadline.push(trade.receiverId);
    }
  }
  return {
    tradeId: trade.id,
    isTradeCompleted: trade.status === 'completed',
    hasEnded: MONEY_ENDED_ON.includes(trade.status),
    missedShipDeadline,
    resolvedAgainst,
    failedInspection,
  };
}

function holdStatus(trade: HoldColumns, facts: TradeMoneyFacts, memberId: string): ProtectionHoldStatus {
  if (trade.status === 'pending') return 'due';
  if (trade.status === 'accepted' || trade.status === 'disputed') return 'held';
  return facts.missedShipDeadline.includes(memberId) || facts.resolvedAgainst.includes(memberId) ? 'captured' : 'released';
}

/**
 * The protection holds of a trade as both sides see them: the amount each side's card holds (fixed
 * by the proposal) and where it stands by the trade's status. A trade ended before acceptance never
 * held anything: its holds read as released.
 */
export function protectionHoldsOf(trade: HoldColumns): ProtectionHold[] {
  const facts = tradeMoneyFacts(trade);
  const holds: ProtectionHold[] = [];
  if (trade.proposerHoldCents > 0) {
    holds.push({ side: 'proposer', amountCents: trade.proposerHoldCents, status: holdStatus(trade, facts, trade.proposerId) });
  }
  if (trade.receiverHoldCents > 0) {
    holds.push({ side: 'receiver', amountCents: trade.receiverHoldCents, status: holdStatus(trade, facts, trade.receiverId) });
  }
  return holds;
}
