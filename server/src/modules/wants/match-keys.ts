import type { MarketWantRow } from '../loops/market-wantlists';

/**
 * What the member's wants ask of the other side when their possible partners are looked up (see
 * market-around-member.ts): one key per (want, size), the size as the engine compares it
 * (String(Number(size)), so "10.0" and "10" are one size). The database compares a pair's size in
 * the same form (`normalSize` in wants.repository.ts, the expression of the index the lookup reads),
 * so the lookup finds by index exactly the pairs of the wanted sizes.
 */
export interface WantKey {
  releaseId: number;
  size: string;
  condition: string;
  value: string | null;
  /** How many pairs of this (release, size) the lookup reads at most: its share of the request's budget. */
  scan: number;
}

/**
 * How many candidate pairs one request reads at most, across all its keys. A member who wants a
 * popular release would otherwise read every pair of it (tens of thousands at a million listings)
 * on the request thread; with a budget the cost of a request does not grow with the market.
 */
export const PAIRS_READ_PER_REQUEST = 2_000;

/** A key reads at least this many pairs, so a long wantlist still looks past the first few pairs of each size. */
const MIN_SCAN_PER_KEY = 10;

/** The member's wants as keys, the request's budget shared evenly between them. */
export function wantKeys(rows: readonly MarketWantRow[], budget = PAIRS_READ_PER_REQUEST): WantKey[] {
  const keys = rows.flatMap((w) =>
    [...new Set(w.sizes.map((s) => String(Number(s))))].map((size) => ({
      releaseId: w.catalogReleaseId,
      size,
      condition: w.minCondition,
      value: w.maxValue,
    })),
  );
  const scan = Math.max(MIN_SCAN_PER_KEY, Math.floor(budget / Math.max(1, keys.length)));
  return keys.map((k) => ({ ...k, scan }));
}
