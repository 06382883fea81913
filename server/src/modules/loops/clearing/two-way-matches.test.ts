import { describe, expect, it } from 'vitest';
import { bestTransfer } from './best-transfer';
import { catalogMarketReleases } from './catalog-market-releases';
import type { Id, Listing, Want } from './clearing.types';
import { generateMarket } from './market-generator';
import { buildMarketGraph, type ExcludedPair, type MarketGraph } from './market-graph';
import { commonMembers } from './member-bitsets';
import { twoWayMatches } from './two-way-matches';

const listing = (pairId: string, ownerId: string, releaseId: number, valueCents = 20_000): Listing => ({
  pairId,
  ownerId,
  releaseId,
  size: '10',
  condition: 9,
  valueCents,
});
const want = (memberId: string, releaseId: number, rank: number): Want => ({
  wantId: `${memberId}-${releaseId}`,
  memberId,
  releaseId,
  sizes: ['10'],
  minCondition: 8,
  maxValueCents: null,
  rank,
});

describe('twoWayMatches', () => {
  it('lists members who own something she wants and want something she owns, best first', () => {
    const market = {
      listings: [listing('a1', 'ann', 1), listing('b2', 'bob', 2), listing('c3', 'cy', 3, 15_000), listing('d4', 'dee', 4)],
      wants: [
        want('ann', 3, 1),
        want('ann', 2, 2),
        want('ann', 4, 3),
        want('bob', 1, 1),
        want('cy', 1, 1),
        // dee owns something ann wants but wants nothing ann has: no direct swap.
      ],
    };
    const matches = twoWayMatches(market, 'ann');
    expect(matches.map((m) => m.memberId)).toEqual(['cy', 'bob']);
    expect(matches[0]).toMatchObject({ givePairId: 'a1', receivePairId: 'c3', receiveRank: 1, giveRank: 1, valueBalance: 0.75 });
    expect(matches[1]).toMatchObject({ givePairId: 'a1', receivePairId: 'b2', receiveRank: 2, valueBalance: 1 });
  });

  it('leaves out a member she blocks or who blocks her', () => {
    const market = {
      listings: [listing('a1', 'ann', 1), listing('b2', 'bob', 2), listing('c3', 'cy', 3)],
      wants: [want('ann', 2, 1), want('ann', 3, 2), want('bob', 1, 1), want('cy', 1, 1)],
      excludedPairs: [['bob', 'ann']] as const,
    };
    expect(twoWayMatches(market, 'ann').map((m) => m.memberId)).toEqual(['cy']);
    expect(twoWayMatches(market, 'bob')).toEqual([]);
  });

  it('is empty for a member the market does not know', () => {
    expect(twoWayMatches({ listings: [], wants: [] }, 'nobody')).toEqual([]);
  });
});

/**
 * The member graph's answer, as the clearing engine reads the market: partners are the members
 * with an edge each way, and the pair passing each way is bestTransfer's.
 */
function graphTwoWayMatches(graph: MarketGraph, memberId: Id) {
  const u = graph.memberIds.indexOf(memberId);
  if (u === -1) return [];
  return commonMembers(graph.out, u, graph.inn, u, graph.memberIds.length, 0, (c) => c === u).map((v) => {
    const give = bestTransfer(graph, u, v);
    const receive = bestTransfer(graph, v, u);
    if (!give || !receive) throw new Error('an edge each way has a transfer each way');
    return { memberId: graph.memberIds[v], givePairId: graph.listings[give.listing]?.pairId, receivePairId: graph.listings[receive.listing]?.pairId };
  });
}

describe('twoWayMatches against the member graph', () => {
  it('finds, for every member of a generated market with blocks, the partners and pairs the member graph finds', () => {
    const market = generateMarket({ members: 300, pairs: 3_000, wants: 3_000, seed: 7, releases: catalogMarketReleases() });
    const excluded: ExcludedPair[] = Array.from({ length: 60 }, (_, i) => [1 + ((i * 37) % 300), 1 + ((i * 91 + 5) % 300)]);
    const graph = buildMarketGraph(market.listings, market.wants, excluded);
    let partners = 0;
    for (let member = 1; member <= 300; member++) {
      const expected = graphTwoWayMatches(graph, member);
      const found = twoWayMatches({ ...market, excludedPairs: excluded }, member, Number.MAX_SAFE_INTEGER);
      const key = (m: { memberId: Id | undefined; givePairId: Id | undefined; receivePairId: Id | undefined }) =>
        `${m.memberId}:${m.givePairId}:${m.receivePairId}`;
      expect(found.map(key).sort(), `member ${member}`).toEqual(expected.map(key).sort());
      partners += found.length;
    }
    expect(partners).toBeGreaterThan(300);
  });

  it('orders equal scores by the pair received, whatever order the market was read in', () => {
    const listings = [listing('a1', 'ann', 1), listing('z9', 'zed', 2), listing('b2', 'bob', 2)];
    const wants = [want('ann', 2, 1), want('bob', 1, 1), want('zed', 1, 1)];
    const order = (l: Listing[]) => twoWayMatches({ listings: l, wants }, 'ann').map((m) => m.receivePairId);
    expect(order(listings)).toEqual(['b2', 'z9']);
    expect(order([...listings].reverse())).toEqual(['b2', 'z9']);
  });
});
