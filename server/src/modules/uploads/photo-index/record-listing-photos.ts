import type { Db } from '../../../db/client';
import { insertPhotoPrints, type ListingPhoto } from './photo-prints.repository';

/**
 * First upload wins (docs/rules/verification.md#first-upload-wins): each photo put on a listing,
 * at its creation or by an edit, enters the photo index with that moment, in the caller's
 * transaction. A photo already on the listing keeps its first moment. Rows outlive the listing, so
 * a deleted listing's photos are still the originals a later copy is measured against.
 */
export async function recordListingPhotos(
  db: Db,
  listing: { sneakerId: number; ownerId: string; photos: readonly ListingPhoto[]; at: Date },
): Promise<void> {
  await insertPhotoPrints(db, listing);
}
