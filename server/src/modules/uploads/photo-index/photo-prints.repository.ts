import { and, eq, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { photoPrints } from '../../../db/schema/index';

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
