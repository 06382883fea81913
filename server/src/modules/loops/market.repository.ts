import { and, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sneakers, wants } from '../../db/schema/index';
import { isTradablePair, normalizedSize } from './tradable-pair';

/**
 * The loops module's queries for loading the market: every listed pair that could travel in a
 * loop or a swap, and every want. Set-based: one statement each, whatever the market's size.
 */

export interface MarketPairRow {
  id: number;
  userId: string;
  catalogReleaseId: number;
  size: string;
  condition: string;
  value: string;
}

export interface MarketWantRow {
  id: number;
  userId: string;
  catalogReleaseId: number;
  sizes: string[];
  minCondition: string;
  maxValue: string | null;
  rank: number;
}

/** Tradable pairs of releases somebody wants (a pair nobody wants can never move). */
export async function findMarketPairs(db: Db): Promise<MarketPairRow[]> {
  return db
    .select({
      id: sneakers.id,
      userId: sneakers.userId,
      catalogReleaseId: sql<number>`${sneakers.catalogReleaseId}`,
      size: normalizedSize,
      condition: sneakers.condition,
      value: sneakers.displayValue,
    })
    .from(sneakers)
    .where(and(isTradablePair, inArray(sneakers.catalogReleaseId, db.selectDistinct({ id: wants.catalogReleaseId }).from(wants))));
}

/** Wants of releases somebody lists, from members who list something (so they can give back). */
export async function findMarketWants(db: Db): Promise<MarketWantRow[]> {
  const listedReleases = db.selectDistinct({ id: sql<number>`${sneakers.catalogReleaseId}` }).from(sneakers).where(isTradablePair);
  const listingMembers = db.selectDistinct({ id: sneakers.userId }).from(sneakers).where(isTradablePair);
  return db
    .select({
      id: wants.id,
      userId: wants.userId,
      catalogReleaseId: wants.catalogReleaseId,
      sizes: wants.sizes,
      minCondition: wants.minCondition,
      maxValue: wants.maxValue,
      rank: wants.rank,
    })
    .from(wants)
    .where(and(inArray(wants.catalogReleaseId, listedReleases), inArray(wants.userId, listingMembers)));
}
