import { bestTransfer } from './best-transfer';
import { at } from './checked-index';
import type { Id } from './clearing.types';
import type { MarketGraph } from './market-graph';
import { commonMembers } from './member-bitsets';

export interface TwoWayMatch {
  memberId: Id;
  /** The member's pair the other wants, and the other's pair the member wants. */
  givePairId: Id;
  receivePairId: Id;
  /** Rank the member's own want gives the pair they would receive. */
  receiveRank: number;
  /** Rank of the other's want for the pair they would receive. */
  giveRank: number;
  /** 0 to 1: smaller / larger of the two values. */
  valueBalance: number;
  score: number;
}

/**
 * Members with whom `memberId` could swap directly (each owns something the other wants), best
 * first. Score: both sides' want ranks (1/rank each, so two first choices beat anything else)
 * plus the value balance, which breaks ties between equally wanted swaps.
 */
export function twoWayMatches(graph: MarketGraph, memberId: Id, limit = 20): TwoWayMatch[] {
  const u = graph.memberIds.indexOf(memberId);
  if (u === -1) return [];
  const partners = commonMembers(graph.out, u, graph.inn, u, graph.memberIds.length, 0, (c) => c === u);
  const matches = partners.map((v): TwoWayMatch => {
    const give = bestTransfer(graph, u, v)!;
    const receive = bestTransfer(graph, v, u)!;
    const given = at(graph.listings, give.listing);
    const received = at(graph.listings, receive.listing);
    const giveValue = given.valueCents;
    const receiveValue = received.valueCents;
    const valueBalance = Math.max(giveValue, receiveValue) === 0 ? 1 : Math.min(giveValue, receiveValue) / Math.max(giveValue, receiveValue);
    const receiveRank = at(graph.wants, receive.want).rank;
    const giveRank = at(graph.wants, give.want).rank;
    return {
      memberId: at(graph.memberIds, v),
      givePairId: given.pairId,
      receivePairId: received.pairId,
      receiveRank,
      giveRank,
      valueBalance,
      score: 1 / Math.max(1, receiveRank) + 1 / Math.max(1, giveRank) + valueBalance,
    };
  });
  return matches.sort((a, b) => b.score - a.score).slice(0, limit);
}
