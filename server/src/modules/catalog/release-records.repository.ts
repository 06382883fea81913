import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { catalogReleases } from '../../db/schema/index';

/** The queries other modules run on catalogue releases, through release-records.ts. */

/** The catalogue prices (decimal strings) of the release by id, else of the release with this style code. */
export async function findReleasePriceRange(
  db: Db,
  { catalogReleaseId, styleCode }: { catalogReleaseId: number | null; styleCode: string | null },
): Promise<{ last: string; low: string; high: string } | null> {
  const where =
    catalogReleaseId !== null
      ? eq(catalogReleases.id, catalogReleaseId)
      : styleCode
        ? sql`upper(${catalogReleases.styleCode}) = upper(${styleCode})`
        : null;
  if (!where) return null;
  const [row] = await db
    .select({ last: catalogReleases.marketPrice, low: catalogReleases.priceRangeLow, high: catalogReleases.priceRangeHigh })
    .from(catalogReleases)
    .where(where)
    .limit(1);
  return row ?? null;
}

/** Every release's market price as a subquery of (id, market_price), for a statement that prices them all at once. */
export function releasePricesSubquery(): SQL {
  return sql`(select id, market_price from catalog_releases)`;
}

/** What a wantlist shows of each release, by id. */
export async function findReleaseSummaries(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: catalogReleases.id,
      name: catalogReleases.name,
      brand: catalogReleases.brand,
      styleCode: catalogReleases.styleCode,
      sizes: catalogReleases.sizes,
      marketPrice: catalogReleases.marketPrice,
    })
    .from(catalogReleases)
    .where(inArray(catalogReleases.id, ids));
}

/** What a release's artwork is drawn from (id, name, brand, palette): the release with this id and every release of this brand, by id. */
export async function findArtworkSources(db: Db, { releaseId, brand }: { releaseId: number | null; brand: string }) {
  const where =
    releaseId === null
      ? sql`lower(${catalogReleases.brand}) = lower(${brand})`
      : sql`${catalogReleases.id} = ${releaseId} or lower(${catalogReleases.brand}) = lower(${brand})`;
  return db
    .select({ id: catalogReleases.id, name: catalogReleases.name, brand: catalogReleases.brand, palette: catalogReleases.palette })
    .from(catalogReleases)
    .where(where)
    .orderBy(catalogReleases.id);
}
