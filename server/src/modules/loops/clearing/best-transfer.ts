import { at } from './checked-index';
import type { MarketGraph } from './market-graph';
import { satisfies } from './want-satisfaction';

export interface Transfer {
  /** Index into graph.listings. */
  listing: number;
  /** Index into graph.wants. */
  want: number;
}

/**
 * The pair giver u should hand receiver v: the one meeting v's most preferred want (lowest rank);
 * among equals, the higher condition, then the first listed, so the choice is stable.
 * Null when u owns nothing v wants.
 */
export function bestTransfer(graph: MarketGraph, giver: number, receiver: number): Transfer | null {
  let best: Transfer | null = null;
  for (const w of at(graph.wantsOf, receiver)) {
    const want = at(graph.wants, w);
    for (const p of at(graph.pairsOf, giver)) {
      const listing = at(graph.listings, p);
      if (!satisfies(want, listing)) continue;
      if (best === null || isBetter(graph, { listing: p, want: w }, best)) best = { listing: p, want: w };
    }
  }
  return best;
}

function isBetter(graph: MarketGraph, a: Transfer, b: Transfer): boolean {
  const rankA = at(graph.wants, a.want).rank;
  const rankB = at(graph.wants, b.want).rank;
  if (rankA !== rankB) return rankA < rankB;
  const condA = at(graph.listings, a.listing).condition;
  const condB = at(graph.listings, b.listing).condition;
  if (condA !== condB) return condA > condB;
  return a.listing < b.listing;
}
