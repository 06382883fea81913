import { rowsOf } from '../../db/raw-rows';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { MarketWantlists, MarketWantRow } from './market-wantlists';
import { tradablePairsSubquery } from './tradable-pair';

/**
 * The loops module's queries for loading the market: every listed pair that could travel in a
 * loop or a swap, and every want. Set-based: one statement each, whatever the market's size; the
 * pairs and wants are read through subqueries and functions their owners provide (the wantlists
 * are handed in, see MarketWantlists).
 */

export type { MarketWantRow } from './market-wantlists';

export interface MarketPairRow {
  id: number;
  userId: string;
  catalogReleaseId: number;
  size: string;
  condition: string;
  value: string;
}

/** Tradable pairs of releases somebody wants (a pair nobody wants can never move). */
export async function findMarketPairs(db: Db, wantlists: MarketWantlists): Promise<MarketPairRow[]> {
  const result = await db.execute(sql`
    select p.id, p.user_id, p.catalog_release_id, p.size, p.condition, p.value
    from ${tradablePairsSubquery()} p
    where p.catalog_release_id in ${wantlists.wantedReleasesSubquery()}`);
  return toMarketPairRows(result);
}

/** Pair rows read with raw SQL (id, user_id, catalog_release_id, size, condition, value) as the market reads them. */
export function toMarketPairRows(result: unknown): MarketPairRow[] {
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    id: Number(r.id),
    userId: String(r.user_id),
    catalogReleaseId: Number(r.catalog_release_id),
    size: String(r.size),
    condition: String(r.condition),
    value: String(r.value),
  }));
}

/** Wants of releases somebody offers, from members who offer something (so they can give back). */
export async function findMarketWants(db: Db, wantlists: MarketWantlists): Promise<MarketWantRow[]> {
  return wantlists.findWantsOfOffered(db, tradablePairsSubquery());
}
