import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import * as catalog from './catalog.repository';
import * as releases from './release-records.repository';

/**
 * What other modules may read on catalogue releases (the catalog module owns the table). Every
 * function takes the caller's `db` or transaction.
 */

/** A catalogue release as its row stores it (every column). */
export type CatalogReleaseRow = catalog.CatalogReleaseRow;

/** The release with this id; null when there is none. */
export async function findReleaseById(db: Db, id: number): Promise<CatalogReleaseRow | null> {
  return catalog.findReleaseById(db, id);
}

/** The catalogue prices (decimal strings) of the release by id, else of the release with this style code; null when neither names one. */
export async function findReleasePriceRange(
  db: Db,
  release: { catalogReleaseId: number | null; styleCode: string | null },
): Promise<{ last: string; low: string; high: string } | null> {
  return releases.findReleasePriceRange(db, release);
}

/** What a wantlist shows of each release (id, name, brand, style code, sizes, market price), by id, in one query. */
export async function findReleaseSummaries(db: Db, ids: number[]) {
  return releases.findReleaseSummaries(db, ids);
}

/**
 * Subquery, one row per catalogue release: (id, market_price). For a statement that prices every
 * release or listing at once (the daily price snapshots).
 */
export function releasePricesSubquery(): SQL {
  return releases.releasePricesSubquery();
}
