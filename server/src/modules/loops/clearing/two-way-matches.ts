import { bestTransferAmong } from './best-transfer';
import { at } from './checked-index';
import type { Id, Listing, Want } from './clearing.types';
import type { ExcludedPair } from './market-graph';
import { satisfies } from './want-satisfaction';

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

/** The listings and wants two-way matches are read from, with the members who must never trade (blocks). */
export interface MatchMarket {
  listings: readonly Listing[];
  wants: readonly Want[];
  excludedPairs?: readonly ExcludedPair[];
}

/**
 * Members with whom `memberId` could swap directly (each owns something the other wants), best
 * first. Score: both sides' want ranks (1/rank each, so two first choices beat anything else)
 * plus the value balance, which breaks ties between equally wanted swaps; equal scores go by the
 * pair received, first listed first, so the order never depends on how the market was read.
 *
 * Only the edges touching the member are needed, so this walks the market once (the member's
 * pairs and wants indexed by release and size) instead of building the member graph: a popular member's
 * market holds thousands of partners, whose member-by-member bit matrices would cost far more.
 * Which pair passes each way is chosen as in the loops (bestTransfer).
 */
export function twoWayMatches(market: MatchMarket, memberId: Id, limit = 20): TwoWayMatch[] {
  const { listings, wants } = market;
  const blocked = new Set<Id>();
  for (const [a, b] of market.excludedPairs ?? []) {
    if (a === memberId) blocked.add(b);
    if (b === memberId) blocked.add(a);
  }
  // The member's pairs and wants by (release, size), as the member graph buckets them.
  const myPairs = new Map<string, number[]>();
  listings.forEach((l, i) => {
    if (l.ownerId === memberId) push(myPairs, bucketKey(l.releaseId, l.size), i);
  });
  const myWants = new Map<string, number[]>();
  wants.forEach((w, i) => {
    if (w.memberId === memberId) for (const size of w.sizes) push(myWants, bucketKey(w.releaseId, size), i);
  });
  const wantsMeeting = (l: Listing) => myWants.get(bucketKey(l.releaseId, l.size)) ?? [];
  const pairsMeeting = (w: Want) => w.sizes.flatMap((size) => myPairs.get(bucketKey(w.releaseId, size)) ?? []);

  // Other members' pairs meeting one of the member's wants, and their wants one of the member's pairs meets.
  const canGive = new Map<Id, number[]>();
  listings.forEach((listing, i) => {
    if (listing.ownerId === memberId || blocked.has(listing.ownerId)) return;
    if (wantsMeeting(listing).some((w) => satisfies(at(wants, w), listing))) push(canGive, listing.ownerId, i);
  });
  const canTake = new Map<Id, number[]>();
  const metByMine = (want: Want) =>
    want.sizes.some((size) => (myPairs.get(bucketKey(want.releaseId, size)) ?? []).some((p) => satisfies(want, at(listings, p))));
  wants.forEach((want, i) => {
    if (want.memberId === memberId || blocked.has(want.memberId)) return;
    if (metByMine(want)) push(canTake, want.memberId, i);
  });

  const matches: TwoWayMatch[] = [];
  for (const [partner, theirPairs] of canGive) {
    const theirWants = canTake.get(partner);
    if (!theirWants) continue;
    // Only the member's pairs and wants in the same buckets can pass, so only they are compared.
    const give = bestTransferAmong(listings, wants, ascending(theirWants.flatMap((w) => pairsMeeting(at(wants, w)))), theirWants);
    const receive = bestTransferAmong(listings, wants, theirPairs, ascending(theirPairs.flatMap((p) => wantsMeeting(at(listings, p)))));
    if (!give || !receive) continue;
    const given = at(listings, give.listing);
    const received = at(listings, receive.listing);
    const high = Math.max(given.valueCents, received.valueCents);
    const valueBalance = high === 0 ? 1 : Math.min(given.valueCents, received.valueCents) / high;
    const receiveRank = at(wants, receive.want).rank;
    const giveRank = at(wants, give.want).rank;
    matches.push({
      memberId: partner,
      givePairId: given.pairId,
      receivePairId: received.pairId,
      receiveRank,
      giveRank,
      valueBalance,
      score: 1 / Math.max(1, receiveRank) + 1 / Math.max(1, giveRank) + valueBalance,
    });
  }
  return matches.sort((a, b) => b.score - a.score || compareIds(a.receivePairId, b.receivePairId)).slice(0, limit);
}

const bucketKey = (releaseId: Id, size: string) => `${releaseId}\u0000${size}`;

/** Distinct indices in ascending order, so ties between transfers go as bestTransfer breaks them. */
const ascending = (indices: number[]) => [...new Set(indices)].sort((a, b) => a - b);

function push<K>(map: Map<K, number[]>, key: K, value: number): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Database ids are numbers; fixtures may use strings. */
function compareIds(a: Id, b: Id): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}
