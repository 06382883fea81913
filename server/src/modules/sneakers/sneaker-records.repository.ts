import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sneakers } from '../../db/schema/index';

/**
 * The queries other modules run on the sneakers table, through sneaker-records.ts: trades read
 * and move the pairs they swap, verification reads listings and writes its outcome, and lists
 * elsewhere show a pair's name and picture.
 */

export type SneakerRow = typeof sneakers.$inferSelect;

const cardColumns = {
  id: sneakers.id,
  userId: sneakers.userId,
  name: sneakers.name,
  brand: sneakers.brand,
  size: sneakers.size,
  condition: sneakers.condition,
  estimatedValue: sneakers.estimatedValue,
  marketPrice: sneakers.marketPrice,
  imageUrl: sneakers.imageUrl,
  thumbnailUrl: sneakers.thumbnailUrl,
  isAvailableForTrade: sneakers.isAvailableForTrade,
  listingChangedAt: sneakers.listingChangedAt,
  ...verdictColumns(),
};

/** The columns a pair's verdict is derived from (sneaker-verdict.ts). */
function verdictColumns() {
  return {
    isVerified: sneakers.isVerified,
    verificationScore: sneakers.verificationScore,
    lastVerificationDate: sneakers.lastVerificationDate,
    verificationReview: sneakers.verificationReview,
    verificationReviewedAt: sneakers.verificationReviewedAt,
  };
}

/** What a trade (or a list of trades) needs to know about a sneaker. */
export interface SneakerCardRow {
  id: number;
  userId: string;
  name: string;
  brand: string;
  size: string;
  condition: string;
  estimatedValue: string;
  /** The market price of its release (deadstock), if known: with the estimate, what a trade's fair-value meter reads. */
  marketPrice: string | null;
  imageUrl: string | null;
  thumbnailUrl: string | null;
  isAvailableForTrade: boolean;
  /** When the owner last changed what the listing shows. */
  listingChangedAt: Date;
  isVerified: boolean;
  verificationScore: string | null;
  lastVerificationDate: Date | null;
  verificationReview: 'confirmed' | 'cleared' | null;
  verificationReviewedAt: Date | null;
}

/**
 * Every sneaker's card columns as a subquery (id, user_id, name, brand, size, condition,
 * estimated_value, image_url, thumbnail_url, is_available_for_trade, listing_changed_at and the
 * verdict's columns), for a
 * statement that reads a page of trades with their sneakers at once.
 */
export function sneakerCardsSubquery(): SQL {
  return sql`(
      select id, user_id, name, brand, size, condition, estimated_value, market_price, image_url, thumbnail_url, is_available_for_trade, listing_changed_at,
        is_verified, verification_score, last_verification_date, verification_review, verification_reviewed_at
      from sneakers
    )`;
}

/**
 * A fingerprint of what a portfolio reads of the member's locker (each pair's id, name, brand,
 * and what values it: condition, estimate, market price), as a scalar subquery: it changes
 * whenever a pair is added, removed, transferred, renamed or revalued, so a figure computed from the locker can be kept until it does. The number of pairs
 * and the sum of a 64-bit hash of each (seeded with its id, the brand prefixed with its length):
 * half the cost of hashing the whole list in order, and two different lockers agree only by a
 * 64-bit coincidence.
 */
export function lockerFingerprintSql(userId: string): SQL {
  return sql`(select count(*) || ':' || coalesce(sum(hashtextextended(length(brand) || ':' || brand || name || ':' || condition || ':' || estimated_value || ':' || coalesce(market_price::text, ''), id)), 0) from sneakers where user_id = ${userId}::uuid)`;
}

export async function findSneakerCards(db: Db, ids: number[]): Promise<SneakerCardRow[]> {
  if (ids.length === 0) return [];
  return db.select(cardColumns).from(sneakers).where(inArray(sneakers.id, ids));
}

/** Row-locks the sneakers until the transaction ends, in id order (see sneaker-records.ts). */
export async function lockSneakerCards(tx: Db, ids: number[]): Promise<SneakerCardRow[]> {
  if (ids.length === 0) return [];
  return tx.select(cardColumns).from(sneakers).where(inArray(sneakers.id, ids)).orderBy(asc(sneakers.id)).for('update');
}

export async function setSneakersOwner(tx: Db, sneakerIds: number[], userId: string, at: Date): Promise<void> {
  if (sneakerIds.length === 0) return;
  await tx.update(sneakers).set({ userId, updatedAt: at }).where(inArray(sneakers.id, sneakerIds));
}

/** Members owning sneakers available for trade, oldest members' sneakers first. */
export async function listOwnersOfAvailableSneakers(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .select({ userId: sneakers.userId })
    .from(sneakers)
    .where(eq(sneakers.isAvailableForTrade, true))
    .groupBy(sneakers.userId)
    .orderBy(sql`min(${sneakers.id})`)
    .limit(limit);
  return rows.map((r) => r.userId);
}

/** The members' sneakers available for trade, by id. */
export async function findAvailableSneakersOf(db: Db, userIds: string[]): Promise<SneakerCardRow[]> {
  if (userIds.length === 0) return [];
  return db
    .select(cardColumns)
    .from(sneakers)
    .where(and(inArray(sneakers.userId, userIds), eq(sneakers.isAvailableForTrade, true)))
    .orderBy(asc(sneakers.id));
}

/** What a pair is worth as far as the listing knows: the owner's estimate and the market price of its release (deadstock), if linked. */
export type SneakerValueRow = SneakerCardRow;

/** The sneakers with these ids and their market prices, in one query by primary key (a trade's protection holds). */
export async function findSneakerValues(db: Db, ids: number[]): Promise<SneakerValueRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({ ...cardColumns, marketPrice: sneakers.marketPrice })
    .from(sneakers)
    .where(inArray(sneakers.id, ids));
}

/** Every sneaker the member owns now with its market price too, oldest first (the portfolio's collection). */
export async function findSneakerValuesOfMember(db: Db, userId: string): Promise<SneakerValueRow[]> {
  return db.select(cardColumns).from(sneakers).where(eq(sneakers.userId, userId)).orderBy(asc(sneakers.id));
}

/** What a match shows of a pair: its value is the one listings display. */
export async function findPairSummaries(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: sneakers.id,
      name: sneakers.name,
      size: sneakers.size,
      condition: sneakers.condition,
      value: sneakers.displayValue,
      thumbnailUrl: sneakers.thumbnailUrl,
      userId: sneakers.userId,
      ...verdictColumns(),
    })
    .from(sneakers)
    .where(inArray(sneakers.id, ids));
}

/** What a packing slip lists of each pair in the box: what it is, its style code and size. */
export async function findPackingSlipPairs(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: sneakers.id,
      name: sneakers.name,
      brand: sneakers.brand,
      colorway: sneakers.colorway,
      styleCode: sneakers.styleCode,
      size: sneakers.size,
      condition: sneakers.condition,
    })
    .from(sneakers)
    .where(inArray(sneakers.id, ids))
    .orderBy(asc(sneakers.id));
}

/** Every sneaker of a member (hidden ones too unless `availableOnly`), oldest first. */
export async function findSneakerIdsOfMember(db: Db, userId: string, { availableOnly = false } = {}): Promise<number[]> {
  const rows = await db
    .select({ id: sneakers.id })
    .from(sneakers)
    .where(and(eq(sneakers.userId, userId), availableOnly ? eq(sneakers.isAvailableForTrade, true) : undefined))
    .orderBy(asc(sneakers.id));
  return rows.map((r) => r.id);
}

/** The listing a notification names; null when it is gone. */
export async function findListing(db: Db, sneakerId: number) {
  const [row] = await db
    .select({ id: sneakers.id, name: sneakers.name, ownerId: sneakers.userId, isAvailableForTrade: sneakers.isAvailableForTrade })
    .from(sneakers)
    .where(eq(sneakers.id, sneakerId));
  return row ?? null;
}

export async function findSneakerRowById(db: Db, id: number): Promise<SneakerRow | null> {
  const [row] = await db.select().from(sneakers).where(eq(sneakers.id, id));
  return row ?? null;
}

/** The listing's change time, its row locked FOR UPDATE until the transaction ends. */
export async function lockListing(tx: Db, id: number): Promise<{ listingChangedAt: Date } | null> {
  const [row] = await tx.select({ listingChangedAt: sneakers.listingChangedAt }).from(sneakers).where(eq(sneakers.id, id)).for('update');
  return row ?? null;
}

export type VerificationColumns = Pick<
  Partial<typeof sneakers.$inferInsert>,
  | 'isVerified'
  | 'verificationScore'
  | 'verificationDetails'
  | 'verificationChecks'
  | 'verificationSource'
  | 'lastVerificationDate'
  | 'marketPrice'
  | 'priceRangeLow'
  | 'priceRangeHigh'
  | 'updatedAt'
>;

export async function updateVerificationColumns(tx: Db, sneakerId: number, values: VerificationColumns): Promise<void> {
  await tx.update(sneakers).set(values).where(eq(sneakers.id, sneakerId));
}

/**
 * Every sneaker's price inputs as a subquery (id, catalog_release_id, market_price,
 * estimated_value, brand, model, colorway), for a statement that prices all listings at once;
 * with `createdSince`, only the sneakers listed since then (read through the newest-first index).
 */
export function sneakerPricesSubquery(createdSince?: Date): SQL {
  const since = createdSince ? sql` where created_at >= ${createdSince.toISOString()}::timestamptz` : sql``;
  return sql`(select id, catalog_release_id, market_price, estimated_value, brand, model, colorway from sneakers${since})`;
}

/**
 * Every sneaker as a subquery of (id, user_id, is_available_for_trade, catalog_release_id, size,
 * condition, value), for statements that match pairs against wants or loops in one go. `size` is
 * the catalogue's spelling (older rows say "US 10", the catalogue "10"); `value` is the one
 * listings display.
 */
export function sneakerListingsSubquery(): SQL {
  return sql`(
      select id, user_id, is_available_for_trade, catalog_release_id, regexp_replace(size, '^[^0-9]*', '') as size,
             condition, display_value as value
      from sneakers
    )`;
}
