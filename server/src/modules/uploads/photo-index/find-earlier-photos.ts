import type { Db } from '../../../db/client';
import { findEarlierPrintsOfOthers, findListingPrints, insertPhotoPrints, type ListingPhoto } from './photo-prints.repository';

/** A photo in the index: which listing it was put on, by whom, and when (first upload wins). */
export interface IndexedPhoto {
  printId: number;
  sneakerId: number;
  ownerId: string;
  imageUrl: string;
  seenAt: Date;
  fingerprint: string;
}

const toIndexed = (row: IndexedPhoto): IndexedPhoto => ({
  printId: row.printId,
  sneakerId: row.sneakerId,
  ownerId: row.ownerId,
  imageUrl: row.imageUrl,
  seenAt: row.seenAt,
  fingerprint: row.fingerprint,
});

/**
 * A listing's photos as the index knows them (each with the moment it was first put on the
 * listing), and every other member's photo put on another listing before the latest of them: the
 * photos the listing's could have been copied from. A photo missing from the index (put on the
 * listing before the index could see it) enters it now. Later photos are left out: the earlier
 * upload is the original, so a thief's later copy never makes the owner's photo look borrowed.
 */
export async function findEarlierPhotos(
  db: Db,
  { sneakerId, ownerId, photos, at }: { sneakerId: number; ownerId: string; photos: readonly ListingPhoto[]; at: Date },
): Promise<{ mine: IndexedPhoto[]; earlier: IndexedPhoto[] }> {
  await insertPhotoPrints(db, { sneakerId, ownerId, photos, at });
  const mine = (await findListingPrints(db, { sneakerId, imageUrls: photos.map((p) => p.imageUrl) })).map((row) =>
    toIndexed({ ...row, printId: row.id }),
  );
  if (mine.length === 0) return { mine, earlier: [] };
  const latest = mine.reduce((a, b) => (b.seenAt > a.seenAt || (b.seenAt.getTime() === a.seenAt.getTime() && b.printId > a.printId) ? b : a));
  const earlier = await findEarlierPrintsOfOthers(db, { sneakerId, ownerId, before: latest.seenAt, beforeId: latest.printId });
  return { mine, earlier: earlier.map((row) => toIndexed({ ...row, printId: row.id })) };
}
