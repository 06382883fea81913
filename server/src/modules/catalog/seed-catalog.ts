import type { SeedCatalogResult } from '@soleswap/contracts/catalog';
import type { AppContext } from '../../context';
import { countReleases, upsertReleases } from './catalog.repository';
import { CATALOG_RELEASES } from './data/releases';
import { forgetCatalogue } from './catalog-search';

/**
 * "Update Library": upserts the shipped catalogue by style code. Idempotent: running it again
 * changes nothing and still leaves one row per release. Releases are never deleted, because
 * member sneakers may link to them.
 */
export async function seedCatalog(ctx: AppContext): Promise<SeedCatalogResult> {
  await upsertReleases(ctx.db, CATALOG_RELEASES, ctx.now());
  forgetCatalogue();
  return { count: await countReleases(ctx.db) };
}

/** Whether the catalogue has no release yet (a first start: seedCatalogIfEmpty fills it). */
export async function isCatalogEmpty(ctx: AppContext): Promise<boolean> {
  return (await countReleases(ctx.db)) === 0;
}

/** Start-up: fills an empty catalogue (even with SEED_DEMO=0, the library is reference data). */
export async function seedCatalogIfEmpty(ctx: AppContext): Promise<SeedCatalogResult | null> {
  if (!(await isCatalogEmpty(ctx))) return null;
  return seedCatalog(ctx);
}
