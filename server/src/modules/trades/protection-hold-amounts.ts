import { marketValueCents, protectionHoldCents } from '@soleswap/contracts/wallet-protection';
import type { AppContext } from '../../context';
import { findSneakerValues } from '../sneakers/sneaker-records';
import { findMemberCards } from '../users/member-records';
import { protectionHoldConfig } from '../wallet/protection-hold-config';

export interface ProposalHolds {
  /** The proposer's hold in cents (0 for none). */
  proposerHoldCents: number;
  receiverHoldCents: number;
}

/**
 * The protection hold each side of a proposal owes (docs/rules/money.md#protection-holds): the rule of
 * contracts/src/wallet-protection.ts over each member's completed trades and the market value of the
 * pairs they send. Two queries (the members, the pairs) whatever the size of the proposal. Only a
 * side's own pairs count: a pair not found or not theirs counts nothing (the proposal rules refuse it).
 */
export async function protectionHoldsForProposal(
  ctx: AppContext,
  sides: { proposerId: string; receiverId: string; proposerSneakerIds: number[]; receiverSneakerIds: number[] },
): Promise<ProposalHolds> {
  const config = protectionHoldConfig(ctx);
  if (!config) return { proposerHoldCents: 0, receiverHoldCents: 0 };
  const members = new Map((await findMemberCards(ctx.db, [sides.proposerId, sides.receiverId])).map((m) => [m.id, m.totalTrades]));
  const pairs = new Map((await findSneakerValues(ctx.db, [...sides.proposerSneakerIds, ...sides.receiverSneakerIds])).map((p) => [p.id, p]));
  const holdOf = (memberId: string, sneakerIds: number[]) => {
    const sentValueCents = sneakerIds.reduce((total, id) => {
      const pair = pairs.get(id);
      return (
        total +
        (pair?.userId === memberId
          ? marketValueCents({ ...pair, condition: String(pair.condition), estimatedValue: String(pair.estimatedValue) })
          : 0)
      );
    }, 0);
    return protectionHoldCents({ completedTrades: members.get(memberId) ?? 0, sentValueCents }, config);
  };
  return {
    proposerHoldCents: holdOf(sides.proposerId, sides.proposerSneakerIds),
    receiverHoldCents: holdOf(sides.receiverId, sides.receiverSneakerIds),
  };
}
