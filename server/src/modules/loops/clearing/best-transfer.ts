import { at } from './checked-index';
import type { Listing, Want } from './clearing.types';
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
  return bestTransferAmong(graph.listings, graph.wants, at(graph.pairsOf, giver), at(graph.wantsOf, receiver));
}

/** bestTransfer over explicit lists: the giver's pairs and the receiver's wants (indices into listings and wants). */
export function bestTransferAmong(
  listings: readonly Listing[],
  wants: readonly Want[],
  giverPairs: readonly number[],
  receiverWants: readonly number[],
): Transfer | null {
  let best: Transfer | null = null;
  for (const w of receiverWants) {
    const want = at(wants, w);
    for (const p of giverPairs) {
      if (!satisfies(want, at(listings, p))) continue;
      if (best === null || isBetter(listings, wants, { listing: p, want: w }, best)) best = { listing: p, want: w };
    }
  }
  return best;
}

function isBetter(listings: readonly Listing[], wants: readonly Want[], a: Transfer, b: Transfer): boolean {
  const rankA = at(wants, a.want).rank;
  const rankB = at(wants, b.want).rank;
  if (rankA !== rankB) return rankA < rankB;
  const condA = at(listings, a.listing).condition;
  const condB = at(listings, b.listing).condition;
  if (condA !== condB) return condA > condB;
  return a.listing < b.listing;
}
