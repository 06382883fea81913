import { and, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { photoPrintKeys, photoPrints } from '../../../db/schema/index';

export type PhotoPrintRow = typeof photoPrints.$inferSelect;

/** A photo as it is put on a listing. */
export interface ListingPhoto {
  imageUrl: string;
  /** The whole-image fingerprint; null (catalogue artwork) is not indexed. */
  fingerprint: string | null;
}

/**
 * Adds the listing's photos to the index as of `at`; a photo already on this listing keeps its
 * first time (ON CONFLICT DO NOTHING), so re-saving a listing never makes its photos newer.
 */
export async function insertPhotoPrints(
  db: Db,
  { sneakerId, ownerId, photos, at }: { sneakerId: number; ownerId: string; photos: readonly ListingPhoto[]; at: Date },
) {
  const rows = photos
    .filter((p): p is ListingPhoto & { fingerprint: string } => p.fingerprint !== null)
    .map((p) => ({ sneakerId, ownerId, imageUrl: p.imageUrl, fingerprint: p.fingerprint, seenAt: at }));
  if (rows.length === 0) return;
  await db.insert(photoPrints).values(rows).onConflictDoNothing();
}

/** The index rows of these photos of one listing. */
export async function findListingPrints(
  db: Db,
  { sneakerId, imageUrls }: { sneakerId: number; imageUrls: readonly string[] },
): Promise<PhotoPrintRow[]> {
  if (imageUrls.length === 0) return [];
  return db
    .select()
    .from(photoPrints)
    .where(and(eq(photoPrints.sneakerId, sneakerId), inArray(photoPrints.imageUrl, [...imageUrls])));
}

/**
 * Other members' photos put on another listing before `before` (ties broken by the index's order,
 * `beforeId`): the photos one of this listing's photos could have been copied from.
 */
export async function findEarlierPrintsOfOthers(
  db: Db,
  { sneakerId, ownerId, before, beforeId }: { sneakerId: number; ownerId: string; before: Date; beforeId: number },
): Promise<PhotoPrintRow[]> {
  return db
    .select()
    .from(photoPrints)
    .where(
      and(
        ne(photoPrints.ownerId, ownerId),
        ne(photoPrints.sneakerId, sneakerId),
        or(lt(photoPrints.seenAt, before), and(eq(photoPrints.seenAt, before), lt(photoPrints.id, beforeId))),
      ),
    )
    .orderBy(sql`${photoPrints.seenAt}`, photoPrints.id);
}

/** Index rows whose local features are not computed yet (oldest first), or these rows whatever their state. */
export async function findPrintsWithoutFeatures(db: Db, { limit, ids }: { limit: number; ids?: readonly number[] }): Promise<PhotoPrintRow[]> {
  const where = ids ? inArray(photoPrints.id, [...ids]) : isNull(photoPrints.features);
  if (ids && ids.length === 0) return [];
  return db
    .select()
    .from(photoPrints)
    .where(and(where, isNull(photoPrints.features)))
    .orderBy(photoPrints.id)
    .limit(limit);
}

/** Stores a print's features and files it under its keys. */
export async function saveFeatures(
  db: Db,
  { printId, features, keys }: { printId: number; features: string; keys: readonly number[] },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(photoPrints)
      .set({ features })
      .where(and(eq(photoPrints.id, printId), isNull(photoPrints.features)))
      .returning({ id: photoPrints.id });
    if (!row || keys.length === 0) return;
    await tx
      .insert(photoPrintKeys)
      .values(keys.map((key) => ({ key, printId })))
      .onConflictDoNothing();
  });
}

/**
 * The prints sharing the most keys with `keys` among other members' photos put on another listing
 * before `before`/`beforeId` (first upload wins), with at least `minVotes` keys in common, best
 * first: one statement through the keys' primary-key index.
 */
export async function findCandidatePrints(
  db: Db,
  {
    keys,
    sneakerId,
    ownerId,
    before,
    beforeId,
    minVotes,
    limit,
  }: { keys: readonly number[]; sneakerId: number; ownerId: string; before: Date; beforeId: number; minVotes: number; limit: number },
): Promise<(PhotoPrintRow & { votes: number })[]> {
  if (keys.length === 0) return [];
  const votes = db
    .select({ printId: photoPrintKeys.printId, votes: sql<number>`count(*)::int`.as('votes') })
    .from(photoPrintKeys)
    .where(sql`${photoPrintKeys.key} = any(${`{${keys.join(',')}}`}::int[])`)
    .groupBy(photoPrintKeys.printId)
    .having(sql`count(*) >= ${minVotes}`)
    .as('votes');
  const rows = await db
    .select({ print: photoPrints, votes: votes.votes })
    .from(votes)
    .innerJoin(photoPrints, eq(photoPrints.id, votes.printId))
    .where(
      and(
        ne(photoPrints.ownerId, ownerId),
        ne(photoPrints.sneakerId, sneakerId),
        or(lt(photoPrints.seenAt, before), and(eq(photoPrints.seenAt, before), lt(photoPrints.id, beforeId))),
      ),
    )
    .orderBy(sql`${votes.votes} desc`, photoPrints.id)
    .limit(limit);
  return rows.map((r) => ({ ...r.print, votes: r.votes }));
}
