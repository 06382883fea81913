import type { CatalogStats } from '@soleswap/contracts/catalog';
import type { AppContext } from '../../context';
import { getSneakerValueStats } from '../sneakers/get-sneaker-value-stats';
import { averageMarketPrice, countReleasesByBrand } from './catalog.repository';

/**
 * The library's stats cards (GET /api/catalog/stats). The average is over member sneakers'
 * estimated values; before any member has listed one it falls back to the catalogue's market
 * prices, and `averageValueSource` says which, so the card never shows a made-up $0.
 */
export async function getCatalogStats(ctx: AppContext): Promise<CatalogStats> {
  const [brands, sneakers, marketMean] = await Promise.all([
    countReleasesByBrand(ctx.db),
    getSneakerValueStats(ctx),
    averageMarketPrice(ctx.db),
  ]);
  const fromSneakers = sneakers.total > 0 && sneakers.averageValue !== null;
  return {
    total: brands.reduce((sum, b) => sum + b.count, 0),
    brandCount: brands.length,
    brands,
    verifiedCount: sneakers.verifiedCount,
    averageEstimatedValue: roundDollars(fromSneakers ? sneakers.averageValue : marketMean),
    averageValueSource: fromSneakers ? 'sneakers' : 'catalog',
  };
}

/** "249.5" → 250 (half up), from the decimal string without float arithmetic on cents. */
function roundDollars(mean: string | null): number {
  if (!mean) return 0;
  const [whole = '0', fraction = ''] = mean.split('.');
  return Number(whole) + (fraction.length && Number(fraction[0]) >= 5 ? 1 : 0);
}
