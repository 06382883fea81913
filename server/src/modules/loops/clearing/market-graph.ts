import { at } from './checked-index';
import type { Id, Listing, Want } from './clearing.types';
import { linkBucket } from './link-bucket';
import { clearBit, createBitMatrix, popCount, transpose, type BitMatrix } from './member-bitsets';
import { numbering } from './numbering';

/**
 * Member-level trade graph. Every (listed pair, want) edge is found through an index of wants by
 * release and accepted size, then folded into "giver u owns something receiver v wants": loops,
 * two-way matches and the cycle-cover bound only need that relation, and which pair travels on
 * an edge is recovered on demand (bestTransfer) for the few edges a loop actually uses.
 *
 * The relation is stored as two bit matrices (out and its transpose), members²/8 bytes each:
 * 12.5 MB at 10,000 members. Real markets are dense (popular releases in common sizes are wanted
 * by thousands), so a bit per member pair is smaller than adjacency lists would be. Above
 * MAX_MEMBERS the matrices would stop fitting comfortably in memory: a clearing builds this graph
 * per part of at most PART_MEMBERS members (market-parts.ts), never for a whole large market.
 */
export const MAX_MEMBERS = 40_000;

export interface MarketGraph {
  memberIds: Id[];
  listings: readonly Listing[];
  wants: readonly Want[];
  /** Listing indices of each member's pairs. */
  pairsOf: number[][];
  /** Want indices of each member's wants. */
  wantsOf: number[][];
  /** out row u, bit v: u owns a pair v wants. */
  out: BitMatrix;
  /** Transpose of out: in row v, bit u. */
  inn: BitMatrix;
  edgeCount: number;
}

const bucketKey = (releaseId: Id, size: string) => `${releaseId}\u0000${size}`;

/** Two members who must never trade with each other, in either direction (one blocks the other). */
export type ExcludedPair = readonly [Id, Id];

/**
 * `excluded` pairs get no edge either way, so no loop or two-way match ever has one of them
 * give to the other.
 */
export function buildMarketGraph(listings: readonly Listing[], wants: readonly Want[], excluded: readonly ExcludedPair[] = []): MarketGraph {
  const members = numbering<Id>();
  const listingOwner = listings.map((l) => members.of(l.ownerId));
  const wantMember = wants.map((w) => members.of(w.memberId));
  const memberIds = members.values;
  const n = memberIds.length;
  if (n > MAX_MEMBERS) {
    throw new Error(`market of ${n} members is above the member graph's limit of ${MAX_MEMBERS}; clear it in parts (market-parts.ts)`);
  }

  const pairsOf: number[][] = Array.from({ length: n }, () => []);
  const wantsOf: number[][] = Array.from({ length: n }, () => []);
  listingOwner.forEach((owner, i) => at(pairsOf, owner).push(i));
  wantMember.forEach((member, i) => at(wantsOf, member).push(i));

  // Wants by (release, accepted size): a pair only meets the wants of its own bucket.
  const buckets = new Map<string, number[]>();
  wants.forEach((want, i) => {
    for (const size of want.sizes) {
      const key = bucketKey(want.releaseId, size);
      const bucket = buckets.get(key);
      if (bucket) bucket.push(i);
      else buckets.set(key, [i]);
    }
  });

  // Pairs by the same (release, size), so each bucket's pairs meet only its own wants.
  const pairBuckets = new Map<string, number[]>();
  listings.forEach((listing, p) => {
    const key = bucketKey(listing.releaseId, listing.size);
    const bucket = pairBuckets.get(key);
    if (bucket) bucket.push(p);
    else pairBuckets.set(key, [p]);
  });

  const out = createBitMatrix(n);
  for (const [key, pairs] of pairBuckets) {
    const bucketWants = buckets.get(key);
    if (!bucketWants) continue;
    linkBucket({ out, listings, wants, listingOwner, wantMember }, pairs, bucketWants);
  }
  for (let u = 0; u < n; u++) clearBit(out, u, u); // a member never gets their own pair
  for (const [a, b] of excluded) {
    const u = members.find(a);
    const v = members.find(b);
    if (u === undefined || v === undefined) continue;
    clearBit(out, u, v);
    clearBit(out, v, u);
  }
  const inn = transpose(out);
  const edgeCount = popCount(out);

  return { memberIds, listings, wants, pairsOf, wantsOf, out, inn, edgeCount };
}
