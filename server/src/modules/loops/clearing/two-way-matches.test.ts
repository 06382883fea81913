import { describe, expect, it } from 'vitest';
import type { Listing, Want } from './clearing.types';
import { buildMarketGraph } from './market-graph';
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
    const graph = buildMarketGraph(
      [listing('a1', 'ann', 1), listing('b2', 'bob', 2), listing('c3', 'cy', 3, 15_000), listing('d4', 'dee', 4)],
      [
        want('ann', 3, 1),
        want('ann', 2, 2),
        want('ann', 4, 3),
        want('bob', 1, 1),
        want('cy', 1, 1),
        // dee owns something ann wants but wants nothing ann has: no direct swap.
      ],
    );
    const matches = twoWayMatches(graph, 'ann');
    expect(matches.map((m) => m.memberId)).toEqual(['cy', 'bob']);
    expect(matches[0]).toMatchObject({ givePairId: 'a1', receivePairId: 'c3', receiveRank: 1, giveRank: 1, valueBalance: 0.75 });
    expect(matches[1]).toMatchObject({ givePairId: 'a1', receivePairId: 'b2', receiveRank: 2, valueBalance: 1 });
  });

  it('leaves out a member she blocks or who blocks her', () => {
    const graph = buildMarketGraph(
      [listing('a1', 'ann', 1), listing('b2', 'bob', 2), listing('c3', 'cy', 3)],
      [want('ann', 2, 1), want('ann', 3, 2), want('bob', 1, 1), want('cy', 1, 1)],
      [['bob', 'ann']],
    );
    expect(twoWayMatches(graph, 'ann').map((m) => m.memberId)).toEqual(['cy']);
    expect(twoWayMatches(graph, 'bob')).toEqual([]);
  });

  it('is empty for a member the market does not know', () => {
    expect(twoWayMatches(buildMarketGraph([], []), 'nobody')).toEqual([]);
  });
});
