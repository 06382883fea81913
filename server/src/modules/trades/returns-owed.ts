import type { ResolveOutcome } from '@soleswap/contracts/trades';
import type { TradeRow } from './trades.repository';

type Side = 'proposer' | 'receiver';

/** One pair that must go back to its owner, from the member who holds it (or has it in transit). */
export interface ReturnOwed {
  ownerSide: Side;
  ownerId: string;
  senderId: string;
  sneakerIds: number[];
}

/**
 * The pairs a ruling sends back (docs/rules/trades.md#returns-after-a-refund): after a refund
 * ('cancelled') of a direct trade, each side that shipped its pair gets it back from the other side,
 * whether it arrived or is still in transit. A pair never shipped is still with its owner: nothing
 * to return. A ruling of 'completed' keeps the swap. A via-authentication trade's pairs are with the
 * centre, which sends them back itself (docs/rules/inspection.md): members return nothing.
 */
export function returnsOwed(
  trade: Pick<
    TradeRow,
    'proposerId' | 'receiverId' | 'proposerSneakerIds' | 'receiverSneakerIds' | 'proposerShippedAt' | 'receiverShippedAt' | 'viaAuthentication'
  >,
  outcome: ResolveOutcome,
): ReturnOwed[] {
  if (outcome !== 'cancelled' || trade.viaAuthentication) return [];
  const owed: ReturnOwed[] = [];
  if (trade.proposerShippedAt) {
    owed.push({ ownerSide: 'proposer', ownerId: trade.proposerId, senderId: trade.receiverId, sneakerIds: trade.proposerSneakerIds });
  }
  if (trade.receiverShippedAt) {
    owed.push({ ownerSide: 'receiver', ownerId: trade.receiverId, senderId: trade.proposerId, sneakerIds: trade.receiverSneakerIds });
  }
  return owed;
}
