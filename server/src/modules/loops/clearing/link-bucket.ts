import { at, u32At } from './checked-index';
import type { Listing, Want } from './clearing.types';
import { orIntoRow, setBit, type BitMatrix } from './member-bitsets';

export interface BucketContext {
  out: BitMatrix;
  listings: readonly Listing[];
  wants: readonly Want[];
  listingOwner: readonly number[];
  wantMember: readonly number[];
}

/**
 * Sets out[giver][receiver] for every pair and want of one (release, size) bucket that match on
 * condition and value cap.
 *
 * Small buckets check every (pair, want) combination. Popular buckets (thousands of pairs and
 * wants of the top releases in common sizes) would make that product tens of millions of checks,
 * so there the wants are grouped by minimum condition and sorted by value cap, and the wanting
 * members of each suffix (all wants whose cap is at least some value) are precomputed as one bit
 * row: a pair then ORs one row per condition group into its owner's row. The cheaper way is
 * picked per bucket from the two costs.
 */
export function linkBucket(ctx: BucketContext, pairs: readonly number[], bucketWants: readonly number[]): void {
  const groups = groupByMinCondition(ctx.wants, bucketWants);
  const words = ctx.out.words;
  const productCost = pairs.length * bucketWants.length;
  const bitsetCost = (pairs.length * groups.length + bucketWants.length) * words;
  if (productCost <= bitsetCost) linkDirectly(ctx, pairs, bucketWants);
  else for (const group of groups) linkGroup(ctx, pairs, group);
}

function linkDirectly(ctx: BucketContext, pairs: readonly number[], bucketWants: readonly number[]): void {
  for (const p of pairs) {
    const listing = at(ctx.listings, p);
    const owner = at(ctx.listingOwner, p);
    for (const w of bucketWants) {
      const want = at(ctx.wants, w);
      if (listing.condition < want.minCondition) continue;
      if (want.maxValueCents !== null && listing.valueCents > want.maxValueCents) continue;
      setBit(ctx.out, owner, at(ctx.wantMember, w));
    }
  }
}

export interface ConditionGroup {
  minCondition: number;
  /** Want indices sorted by value cap ascending, uncapped last. */
  wants: number[];
  caps: number[];
}

export function groupByMinCondition(wants: readonly Want[], bucketWants: readonly number[]): ConditionGroup[] {
  const byCondition = new Map<number, number[]>();
  for (const w of bucketWants) {
    const { minCondition } = at(wants, w);
    const list = byCondition.get(minCondition);
    if (list) list.push(w);
    else byCondition.set(minCondition, [w]);
  }
  return [...byCondition].map(([minCondition, list]) => {
    const cap = (w: number) => at(wants, w).maxValueCents ?? Number.POSITIVE_INFINITY;
    list.sort((a, b) => cap(a) - cap(b) || a - b);
    return { minCondition, wants: list, caps: list.map(cap) };
  });
}

function linkGroup(ctx: BucketContext, pairs: readonly number[], group: ConditionGroup): void {
  const words = ctx.out.words;
  const count = group.wants.length;
  // suffix row j = members of wants j..count-1 (those whose cap is at least caps[j]).
  const suffix = new Uint32Array((count + 1) * words);
  for (let j = count - 1; j >= 0; j--) {
    suffix.copyWithin(j * words, (j + 1) * words, (j + 2) * words);
    const member = at(ctx.wantMember, at(group.wants, j));
    const index = j * words + (member >>> 5);
    suffix[index] = u32At(suffix, index) | (1 << (member & 31));
  }
  for (const p of pairs) {
    const listing = at(ctx.listings, p);
    if (listing.condition < group.minCondition) continue;
    const first = lowerBound(group.caps, listing.valueCents);
    if (first < count) orIntoRow(ctx.out, at(ctx.listingOwner, p), suffix, first * words);
  }
}

/** First index whose cap is at least `value`. */
export function lowerBound(caps: readonly number[], value: number): number {
  let lo = 0;
  let hi = caps.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (at(caps, mid) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
