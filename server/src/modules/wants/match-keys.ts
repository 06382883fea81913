import { SIZES } from '@soleswap/contracts/sneakers';
import type { MarketPairRow } from '../loops/load-market';
import type { MarketWantRow } from '../loops/market-wantlists';

/**
 * What the member's pairs and wants ask of the other side when their possible partners are looked
 * up (see market-around-member.ts), one key per (release, size). Sizes: the engine compares them
 * as numbers (String(Number(size)), so "10.0" meets "10"); for the catalogue's spellings ("10",
 * "10.5") that is the same as comparing the text, which the database can hash. A size spelled
 * otherwise may meet any catalogue size, so it stands for all of them, and the queries keep the
 * other side's sizes spelled otherwise whatever the key: the lookup stays a superset of what the
 * engine accepts, and the engine decides.
 */
export const CATALOGUE_SIZES: readonly string[] = SIZES;

export interface MatchKey {
  releaseId: number;
  /** A catalogue size. */
  size: string;
  condition: string;
  value: string | null;
}

const sizesFor = (size: string) => (CATALOGUE_SIZES.includes(size) ? [size] : CATALOGUE_SIZES);

/**
 * The member's pairs as keys for the wants they may meet: per release and size, the best
 * condition and the lowest value (a want any of the pairs meets is met by one of these bounds, so
 * the wants found are a superset of the ones the pairs meet; the engine checks each exactly).
 */
export function offerKeys(pairs: readonly MarketPairRow[]): MatchKey[] {
  const keys = new Map<string, MatchKey>();
  for (const p of pairs) {
    for (const size of sizesFor(p.size)) {
      const id = `${p.catalogReleaseId}/${size}`;
      const key = keys.get(id);
      if (!key) keys.set(id, { releaseId: p.catalogReleaseId, size, condition: p.condition, value: p.value });
      else {
        if (Number(p.condition) > Number(key.condition)) key.condition = p.condition;
        if (Number(p.value) < Number(key.value)) key.value = p.value;
      }
    }
  }
  return [...keys.values()];
}

/** The member's wants as keys for the pairs that may meet them: one per accepted size. */
export function wantKeys(rows: readonly MarketWantRow[]): MatchKey[] {
  return rows.flatMap((w) =>
    [...new Set(w.sizes.flatMap(sizesFor))].map((size) => ({ releaseId: w.catalogReleaseId, size, condition: w.minCondition, value: w.maxValue })),
  );
}
