import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sneakerPhotos } from '../../db/schema/index';

export type SneakerPhotoRow = typeof sneakerPhotos.$inferSelect;
/** A photo ready to be stored: its slot, URLs and fingerprint. */
export type SneakerPhotoValues = Pick<SneakerPhotoRow, 'slot' | 'url' | 'thumbnailUrl' | 'imageHash'>;

/** A listing's photos besides the cover, in the member's order. */
export async function findSneakerPhotoRows(db: Db, sneakerId: number): Promise<SneakerPhotoRow[]> {
  return db.select().from(sneakerPhotos).where(eq(sneakerPhotos.sneakerId, sneakerId)).orderBy(asc(sneakerPhotos.position));
}

/** The photos besides the cover of these listings, in one statement, each listing's in the member's order. */
export async function findSneakerPhotoRowsOf(db: Db, sneakerIds: number[]): Promise<SneakerPhotoRow[]> {
  if (sneakerIds.length === 0) return [];
  return db
    .select()
    .from(sneakerPhotos)
    .where(inArray(sneakerPhotos.sneakerId, sneakerIds))
    .orderBy(asc(sneakerPhotos.sneakerId), asc(sneakerPhotos.position));
}

/** Replaces a listing's photos with these, in this order (call inside the edit's transaction). */
export async function replaceSneakerPhotoRows(db: Db, sneakerId: number, photos: readonly SneakerPhotoValues[]): Promise<void> {
  await db.delete(sneakerPhotos).where(eq(sneakerPhotos.sneakerId, sneakerId));
  if (photos.length === 0) return;
  await db.insert(sneakerPhotos).values(photos.map((photo, position) => ({ ...photo, sneakerId, position })));
}
