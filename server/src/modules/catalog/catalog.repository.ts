import { asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { CatalogRelease } from '@soleswap/contracts/catalog';
import type { Db } from '../../db/client';
import { catalogReleases } from '../../db/schema/index';
import type { CatalogReleaseSeed } from './catalog-release-seed';
import { artworkUrl } from './artwork-url';

export type CatalogReleaseRow = typeof catalogReleases.$inferSelect;

/** The API shape of a release. */
export function toCatalogRelease(row: CatalogReleaseRow): CatalogRelease {
  return {
    id: row.id,
    name: row.name,
    brand: row.brand,
    model: row.model,
    colorway: row.colorway,
    styleCode: row.styleCode,
    releaseDate: row.releaseDate,
    retailPrice: row.retailPrice,
    marketPrice: row.marketPrice,
    priceRangeLow: row.priceRangeLow,
    priceRangeHigh: row.priceRangeHigh,
    sizes: row.sizes,
    popularityRank: row.popularityRank,
    artworkUrl: artworkUrl(row),
  };
}

const money = (n: number) => n.toFixed(2);

/** Inserts or updates every release by style code, in one statement (idempotent). */
export async function upsertReleases(db: Db, seeds: CatalogReleaseSeed[], at: Date): Promise<void> {
  if (seeds.length === 0) return;
  const excluded = (column: string) => sql.raw(`excluded.${column}`);
  await db
    .insert(catalogReleases)
    .values(
      seeds.map((s) => ({
        styleCode: s.styleCode,
        name: s.name,
        brand: s.brand,
        model: s.model,
        colorway: s.colorway,
        releaseDate: s.releaseDate,
        retailPrice: money(s.retailPrice),
        marketPrice: money(s.marketPrice),
        priceRangeLow: money(s.priceRangeLow),
        priceRangeHigh: money(s.priceRangeHigh),
        sizes: [...s.sizes],
        palette: s.palette,
        popularityRank: s.popularityRank,
      })),
    )
    .onConflictDoUpdate({
      target: catalogReleases.styleCode,
      set: {
        name: excluded('name'),
        brand: excluded('brand'),
        model: excluded('model'),
        colorway: excluded('colorway'),
        releaseDate: excluded('release_date'),
        retailPrice: excluded('retail_price'),
        marketPrice: excluded('market_price'),
        priceRangeLow: excluded('price_range_low'),
        priceRangeHigh: excluded('price_range_high'),
        sizes: excluded('sizes'),
        palette: excluded('palette'),
        popularityRank: excluded('popularity_rank'),
        updatedAt: at,
      },
    });
}

export async function countReleases(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(catalogReleases);
  return Number(row?.n ?? 0);
}

/** Releases per brand, most first (ties by name). */
export async function countReleasesByBrand(db: Db): Promise<Array<{ brand: string; count: number }>> {
  const rows = await db
    .select({ brand: catalogReleases.brand, count: count() })
    .from(catalogReleases)
    .groupBy(catalogReleases.brand)
    .orderBy(desc(count()), asc(catalogReleases.brand));
  return rows.map((r) => ({ brand: r.brand, count: Number(r.count) }));
}

/** Mean market price of the catalogue, a decimal string (null when empty). */
export async function averageMarketPrice(db: Db): Promise<string | null> {
  const [row] = await db.select({ mean: sql<string | null>`avg(${catalogReleases.marketPrice})` }).from(catalogReleases);
  return row?.mean ?? null;
}

export interface ReleasePageRequest {
  /** LIKE patterns (already escaped), every one must match search_text. */
  patterns: string[];
  brand?: string;
  /** Continue after this (popularityRank, id). */
  after?: { rank: number; id: number };
  limit: number;
}

/** Most popular first; a keyset page over (popularity_rank, id). */
export async function findReleasePage(db: Db, request: ReleasePageRequest): Promise<CatalogReleaseRow[]> {
  const conditions: SQL[] = request.patterns.map((p) => sql`${catalogReleases.searchText} like ${p}`);
  if (request.brand) conditions.push(eq(catalogReleases.brand, request.brand));
  if (request.after) {
    conditions.push(sql`(${catalogReleases.popularityRank}, ${catalogReleases.id}) > (${request.after.rank}::int, ${request.after.id}::int)`);
  }
  return db
    .select()
    .from(catalogReleases)
    .where(conditions.length ? sql.join(conditions, sql` and `) : undefined)
    .orderBy(asc(catalogReleases.popularityRank), asc(catalogReleases.id))
    .limit(request.limit);
}

export async function findReleaseById(db: Db, id: number): Promise<CatalogReleaseRow | null> {
  const [row] = await db.select().from(catalogReleases).where(eq(catalogReleases.id, id));
  return row ?? null;
}

/** Which of these ids name a release (served by the primary key). */
export async function findExistingReleaseIds(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: catalogReleases.id }).from(catalogReleases).where(inArray(catalogReleases.id, ids));
  return new Set(rows.map((row) => row.id));
}

/** The release with exactly this brand, model and colorway, ignoring case and outer spaces. */
export async function findReleaseByIdentity(db: Db, identity: { brand: string; model: string; colorway: string }): Promise<CatalogReleaseRow | null> {
  const [row] = await db
    .select()
    .from(catalogReleases)
    .where(
      sql`lower(${catalogReleases.brand}) = ${identity.brand.trim().toLowerCase()}
        and lower(${catalogReleases.model}) = ${identity.model.trim().toLowerCase()}
        and lower(${catalogReleases.colorway}) = ${identity.colorway.trim().toLowerCase()}`,
    )
    .orderBy(asc(catalogReleases.popularityRank))
    .limit(1);
  return row ?? null;
}

/** Every release (about a hundred), for the in-memory search (catalog-search.ts). */
export async function findAllReleases(db: Db): Promise<CatalogReleaseRow[]> {
  return db.select().from(catalogReleases).orderBy(asc(catalogReleases.popularityRank), asc(catalogReleases.id));
}
