import type { ProtectionHold, ProtectionHoldStatus } from '@soleswap/contracts/wallet-protection';
import type { TradeEndingCause, TradeStatus } from '@soleswap/contracts/trades';
import type { TradeMoneyFacts } from '../wallet/settle-trade-cash';

/** Just the columns that say how a trade ended, and what each side's hold is. */
export interface HoldColumns {
  id: number;
  status: TradeStatus;
  proposerId: string;
  receiverId: string;
  proposerHoldCents: number;
  receiverHoldCents: number;
  /** How the trade ended, recorded by the transition that ended it (trade.machine.ts); null while it runs. */
  endedCause: TradeEndingCause | null;
  /** The members at fault in that ending. */
  endedAtFaultIds: readonly string[];
}

/** The statuses after which a trade holds no money: it is captured or released. */
export const MONEY_ENDED_ON: readonly string[] = ['completed', 'rejected', 'cancelled', 'expired', 'countered'] satisfies TradeStatus[];

/**
 * What a trade's ending says about its money (docs/rules/money.md#protection-holds), read off the
 * ending its last transition recorded (`ended_cause`, `ended_at_fault_ids`; the trade machine
 * decides both):
 * - ship_deadline: the sides that had not shipped missed it;
 * - dispute_refunded: the ruling went against the side that did not open the dispute (nobody when
 *   the system opened it for a suspended member); dispute_completed goes against nobody;
 * - failed_inspection: against the member whose pair failed inspection or never reached the
 *   centre, which is no ship-deadline miss for anyone;
 * - every other ending (completion, both sides cancelling, a proposal that never bound) against nobody.
 */
export function tradeMoneyFacts(trade: HoldColumns): TradeMoneyFacts {
  const atFault = [...trade.endedAtFaultIds];
  const missedShipDeadline = trade.endedCause === 'ship_deadline' ? atFault : [];
  const failedInspection = trade.endedCause === 'failed_inspection' ? atFault : [];
  const resolvedAgainst = trade.endedCause === 'dispute_refunded' || trade.endedCause === 'failed_inspection' ? atFault : [];
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
