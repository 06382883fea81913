import type { AppContext } from '../../context';
import { protectionHoldsOfSenders } from '../wallet/protection-hold-amounts';

export interface ProposalHolds {
  /** The proposer's hold in cents (0 for none). */
  proposerHoldCents: number;
  receiverHoldCents: number;
}

/**
 * The protection hold each side of a proposal owes (docs/rules/money.md#protection-holds): the one
 * rule trades and loops share (wallet/protection-hold-amounts.ts), each side sending its own pairs.
 */
export async function protectionHoldsForProposal(
  ctx: AppContext,
  sides: { proposerId: string; receiverId: string; proposerSneakerIds: number[]; receiverSneakerIds: number[] },
): Promise<ProposalHolds> {
  const holds = await protectionHoldsOfSenders(ctx, [
    { memberId: sides.proposerId, sneakerIds: sides.proposerSneakerIds },
    { memberId: sides.receiverId, sneakerIds: sides.receiverSneakerIds },
  ]);
  return { proposerHoldCents: holds.get(sides.proposerId) ?? 0, receiverHoldCents: holds.get(sides.receiverId) ?? 0 };
}
