import { protectionHoldCents } from '@soleswap/contracts/wallet-protection';
import type { AppContext } from '../../context';
import { findPairMarketValues } from '../sneakers/pair-market-values';
import { findMemberCards } from '../users/member-records';
import { protectionHoldConfig } from './protection-hold-config';

/** A member sending pairs: in a trade, one side; in a loop, one leg's giver. */
export interface HoldSender {
  memberId: string;
  sneakerIds: readonly number[];
}

/**
 * The protection hold each sender owes, in cents (docs/rules/money.md#protection-holds), by member
 * id: the rule of contracts/src/wallet-protection.ts over the member's completed trades and the
 * market value of the pairs they send (sneakers/pair-market-values.ts: the release's market price
 * adjusted for the pair's condition, else the owner's estimate). One rule for trades and loops alike. Two queries (the
 * members, the pairs) whatever the number of senders. Only a sender's own pairs count: a pair not
 * found or not theirs counts nothing (the trade's or loop's rules refuse it). 0 when this server
 * takes no holds.
 */
export async function protectionHoldsOfSenders(ctx: AppContext, senders: readonly HoldSender[]): Promise<Map<string, number>> {
  const config = protectionHoldConfig(ctx);
  const holds = new Map<string, number>(senders.map((s) => [s.memberId, 0]));
  if (!config || senders.length === 0) return holds;
  const members = new Map((await findMemberCards(ctx.db, [...holds.keys()])).map((m) => [m.id, m.totalTrades]));
  const pairs = await findPairMarketValues(
    ctx.db,
    senders.flatMap((s) => s.sneakerIds),
  );
  for (const { memberId, sneakerIds } of senders) {
    const sentValueCents = sneakerIds.reduce((total, id) => {
      const pair = pairs.get(id);
      return total + (pair?.userId === memberId ? pair.valueCents : 0);
    }, 0);
    holds.set(memberId, protectionHoldCents({ completedTrades: members.get(memberId) ?? 0, sentValueCents }, config));
  }
  return holds;
}
