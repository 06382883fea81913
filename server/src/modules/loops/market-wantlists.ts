import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** A want as the loop market reads it. */
export interface MarketWantRow {
  id: number;
  userId: string;
  catalogReleaseId: number;
  sizes: string[];
  minCondition: string;
  maxValue: string | null;
  rank: number;
}

/**
 * How the loop market reads wantlists. The wants module owns them and builds its matches on this
 * market, so it sits above loops and hands its reader in: to the loops routes at registration, to
 * the clearing job in the job registry, and to `loadMarket` for its own matches.
 */
export interface MarketWantlists {
  /** Subquery, one row per want: (catalog_release_id), the release it wants. */
  wantedReleasesSubquery(): SQL;
  /**
   * Wants of releases somebody offers, from members who offer something, in one statement.
   * `offered` is a subquery of (user_id, catalog_release_id), one row per pair.
   */
  findWantsOfOffered(db: Db, offered: SQL): Promise<MarketWantRow[]>;
}
