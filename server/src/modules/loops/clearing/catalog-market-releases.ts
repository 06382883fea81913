import { CATALOG_RELEASES } from '../../catalog/data/releases';
import type { MarketRelease } from './market-generator';

/** The shipped catalogue as generator input: popularity order, resale price, size run. */
export function catalogMarketReleases(): MarketRelease[] {
  return CATALOG_RELEASES.map((release) => ({
    id: release.popularityRank,
    marketPriceCents: Math.round(release.marketPrice * 100),
    sizes: release.sizes,
  }));
}
