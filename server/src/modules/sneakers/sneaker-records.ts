import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { findReplacedValues } from './estimate-changes.repository';
import * as listings from './sneaker-records.repository';
import { countSneakersOf } from './sneakers.repository';

/**
 * What other modules may read and change on sneakers (the sneakers module owns the table). Every
 * function takes the caller's `db` or transaction; the readers take many ids at once.
 */

export { isFlagged, sneakerVerdict } from './sneaker-verdict';

/** A sneaker as its row stores it (every column). */
export type SneakerRow = listings.SneakerRow;
/** What a trade (or a list of trades) shows of a sneaker: what it is, its value, its picture, its verdict's columns. */
export type SneakerCardRow = listings.SneakerCardRow;
/** What a pair is worth as far as the listing knows: the owner's estimate and its release's market price, if linked. */
export type SneakerValueRow = listings.SneakerValueRow;
/** The columns a verification run writes on a sneaker. */
export type VerificationColumns = listings.VerificationColumns;

/** The sneakers' cards, by id, in one query. */
export async function findSneakerCards(db: Db, ids: number[]): Promise<SneakerCardRow[]> {
  return listings.findSneakerCards(db, ids);
}

/**
 * The sneakers (or with `lock`, the sneakers row-locked FOR UPDATE until the caller's transaction
 * ends). Rows are locked in id order, so two transactions locking overlapping sets cannot deadlock.
 */
export async function readSneakersForTrade(db: Db, ids: number[], { lock = false }: { lock?: boolean } = {}): Promise<SneakerCardRow[]> {
  return lock ? listings.lockSneakerCards(db, ids) : listings.findSneakerCards(db, ids);
}

/**
 * What each pair was before its owner changed its estimate or condition since `since` (issue #39,
 * #42), by pair: step-up counts a pair at the highest of these and what it is now, so a lowered
 * estimate or condition counts at its old value for a while. A condition is null on a change kept
 * before migration 0076 (read the pair's condition now for it). Pairs not changed are absent.
 */
export async function findReplacedValuesSince(
  db: Db,
  ids: number[],
  since: Date,
): Promise<Map<number, Array<{ estimatedValue: string; condition: string | null }>>> {
  return findReplacedValues(db, ids, since);
}

/** Sneakers going to one new owner. */
export interface SneakerOwnerChange {
  sneakerIds: number[];
  toUserId: string;
}

/** Gives each group of sneakers to its new owner, in the caller's transaction (lock them first). */
export async function transferSneakers(tx: Db, transfers: SneakerOwnerChange[], at: Date): Promise<void> {
  for (const { sneakerIds, toUserId } of transfers) await listings.setSneakersOwner(tx, sneakerIds, toUserId, at);
}

/** Members owning sneakers available for trade, oldest members' sneakers first, at most `limit`. */
export async function listOwnersOfAvailableSneakers(db: Db, limit: number): Promise<string[]> {
  return listings.listOwnersOfAvailableSneakers(db, limit);
}

/** The members' sneakers available for trade, by id. */
export async function findAvailableSneakersOf(db: Db, userIds: string[]): Promise<SneakerCardRow[]> {
  return listings.findAvailableSneakersOf(db, userIds);
}

/** The sneakers with these ids and their market prices, in one query by primary key (a trade's protection holds). */
export async function findSneakerValues(db: Db, ids: number[]): Promise<SneakerValueRow[]> {
  return listings.findSneakerValues(db, ids);
}

/** Every sneaker the member owns now, with its market price, oldest first (the portfolio's collection). */
export async function findSneakerValuesOfMember(db: Db, userId: string): Promise<SneakerValueRow[]> {
  return listings.findSneakerValuesOfMember(db, userId);
}

/** What a match shows of each pair (name, size, condition, the value listings display, thumbnail, owner, verdict's columns), by id. */
export async function findPairSummaries(db: Db, ids: number[]) {
  return listings.findPairSummaries(db, ids);
}

/** What a packing slip lists of each pair in the box (what it is, its style code and size), in id order. */
export async function findPackingSlipPairs(db: Db, ids: number[]) {
  return listings.findPackingSlipPairs(db, ids);
}

/** The ids of a member's sneakers (hidden ones too unless `availableOnly`), oldest first. */
export async function findSneakerIdsOfMember(db: Db, userId: string, options: { availableOnly?: boolean } = {}): Promise<number[]> {
  return listings.findSneakerIdsOfMember(db, userId, options);
}

/** How many sneakers the member has (only those available for trade with `availableOnly`). */
export async function countSneakersOfMember(db: Db, userId: string, options: { availableOnly?: boolean } = {}): Promise<number> {
  return countSneakersOf(db, userId, options);
}

/** The listing a notification names (id, name, owner, whether it is listed); null when it is gone. */
export async function findListing(db: Db, sneakerId: number) {
  return listings.findListing(db, sneakerId);
}

/** The sneaker's whole row (what a verification run reads); null when there is no such sneaker. */
export async function findSneakerRowById(db: Db, id: number): Promise<SneakerRow | null> {
  return listings.findSneakerRowById(db, id);
}

/** The listing's change time, its row locked FOR UPDATE until the caller's transaction ends; null when it is gone. */
export async function lockListing(tx: Db, id: number): Promise<{ listingChangedAt: Date } | null> {
  return listings.lockListing(tx, id);
}

/** Writes a verification run's outcome on the sneaker, in the caller's transaction. */
export async function updateVerificationColumns(tx: Db, sneakerId: number, values: VerificationColumns): Promise<void> {
  await listings.updateVerificationColumns(tx, sneakerId, values);
}

/**
 * Subquery, one row per sneaker: its card columns (id, user_id, name, brand, size, condition,
 * estimated_value, market_price, image_url, thumbnail_url, is_available_for_trade,
 * listing_changed_at, is_verified, verification_score, last_verification_date,
 * verification_review, verification_reviewed_at). For a statement that reads a page of trades with
 * their sneakers at once.
 */
export function sneakerCardsSubquery(): SQL {
  return listings.sneakerCardsSubquery();
}

/**
 * Subquery, one row per sneaker (with `createdSince`, per sneaker listed since then, read through
 * the newest-first index): its price inputs (id, catalog_release_id, market_price,
 * estimated_value, brand, model, colorway). For a statement that prices all listings at once.
 */
export function sneakerPricesSubquery(createdSince?: Date): SQL {
  return listings.sneakerPricesSubquery(createdSince);
}

/**
 * Subquery, one row per sneaker: (id, user_id, is_available_for_trade, catalog_release_id, size,
 * condition, value), `size` in the catalogue's spelling ("10", not "US 10"), `value` the one
 * listings display. For statements that match pairs against wants or loops in one go.
 */
export function sneakerListingsSubquery(): SQL {
  return listings.sneakerListingsSubquery();
}

/**
 * Scalar text: a fingerprint of what a portfolio reads of the member's locker (each pair's id,
 * name, brand, condition, estimate, market price). It changes whenever a pair is added, removed,
 * transferred, renamed or revalued, so a figure computed from the locker can be kept until it does.
 */
export function lockerFingerprintSql(userId: string): SQL {
  return listings.lockerFingerprintSql(userId);
}
