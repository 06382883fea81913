import type { Want } from '@soleswap/contracts/wants';
import type { WantWithRelease } from './wants.repository';

/** The API shape of a want. */
export function toWant(row: WantWithRelease, matchingPairs: number): Want {
  return {
    id: row.id,
    rank: row.rank,
    catalogReleaseId: row.catalogReleaseId,
    release: row.release,
    sizes: row.sizes,
    minCondition: row.minCondition,
    maxValue: row.maxValue,
    matchingPairs,
    createdAt: row.createdAt.toISOString(),
  };
}
