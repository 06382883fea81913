import type { CatalogStats } from '@soleswap/contracts/catalog';
import type { AppContext } from '../../context';
import { averageMarketPrice, countReleasesByBrand } from './catalog.repository';

/**
 * Member sneakers in numbers (count, verified count, mean estimated value). The sneakers module
 * provides it through registerModules: sneakers already depend on the catalogue (a sneaker links
 * a release), so the catalogue takes this function instead of importing the sneakers module.
 */
export type MemberSneakerStats = (ctx: AppContext) => Promise<{ total: number; verifiedCount: number; averageValue: string | null }>;

/**
 * The library's stats cards (GET /api/catalog/stats). The average is over member sneakers'
 * estimated values; before any member has listed one it falls back to the catalogue's market
 * prices, and `averageValueSource` says which, so the card never shows a made-up $0.
 */
export async function getCatalogStats(ctx: AppContext, memberSneakerStats: MemberSneakerStats): Promise<CatalogStats> {
  const [brands, sneakers, marketMean] = await Promise.all([countReleasesByBrand(ctx.db), memberSneakerStats(ctx), averageMarketPrice(ctx.db)]);
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
