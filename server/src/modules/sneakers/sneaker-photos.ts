import { PHOTO_NOT_UPLOADED, SIZE_TAG_SLOT, SNEAKER_PHOTOS_MAX, type SneakerPhoto, type SneakerPhotoInput } from '@soleswap/contracts/sneaker-photos';
import type { Sneaker } from '@soleswap/contracts/sneakers';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { resolveImageUrl, type StoredImage } from '../uploads/save-image';
import { isImageUploadedBy } from '../uploads/upload-ownership';
import { findSneakerPhotoRows, findSneakerPhotoRowsOf, type SneakerPhotoRow, type SneakerPhotoValues } from './sneaker-photos.repository';
import { findSneakerRecordsByIds } from './sneaker-record';
import { toSneaker, type SneakerRecord } from './sneakers.repository';

/** The photos of a request, checked and run through the pipeline: the cover (if sent) and the rest. */
export interface ResolvedPhotos {
  /** The cover entry's image, to store as the listing's image; undefined when no cover was sent. */
  cover: StoredImage | undefined;
  others: SneakerPhotoValues[];
}

function notUploaded(index: number): AppError {
  const field = `photos.${index}.url`;
  return new AppError('VALIDATION_FAILED', `${field}: ${PHOTO_NOT_UPLOADED}`, { fields: { [field]: PHOTO_NOT_UPLOADED } });
}

/**
 * Checks a request's photos and gives each its thumbnail and fingerprint (the duplicate-photo
 * check compares them). A photo must be one the owner uploaded (POST /api/uploads: type check,
 * 8 MB cap, re-encode), or one the listing already shows (a pair received in a trade keeps the
 * photos its earlier owner took). Anything else is a 400 naming the photo; nothing is stored.
 */
export async function resolveSneakerPhotos(
  ctx: AppContext,
  {
    ownerId,
    photos,
    onListing,
  }: { ownerId: string; photos: readonly SneakerPhotoInput[]; onListing: { imageUrl: string | null; rows: SneakerPhotoRow[] } },
): Promise<ResolvedPhotos> {
  const known = new Map(onListing.rows.map((row) => [row.url, row]));
  let cover: StoredImage | undefined;
  const others: SneakerPhotoValues[] = [];
  for (const [index, photo] of photos.entries()) {
    const kept = photo.slot === 'cover' ? photo.url === onListing.imageUrl : known.has(photo.url);
    if (!kept && !(await isImageUploadedBy(ctx, { userId: ownerId, imageUrl: photo.url }))) throw notUploaded(index);
    const keptRow = known.get(photo.url);
    const stored = keptRow
      ? { imageUrl: keptRow.url, thumbnailUrl: keptRow.thumbnailUrl, imageHash: keptRow.imageHash }
      : await resolveStored(ctx, photo.url, index);
    if (photo.slot === 'cover') cover = stored;
    else others.push({ slot: photo.slot, url: stored.imageUrl, thumbnailUrl: stored.thumbnailUrl, imageHash: stored.imageHash });
  }
  return { cover, others };
}

/** The stored file behind an upload URL; a URL whose file is gone is the member's to upload again. */
async function resolveStored(ctx: AppContext, url: string, index: number): Promise<StoredImage> {
  try {
    return await resolveImageUrl(ctx, { imageUrl: url });
  } catch (error) {
    if (error instanceof AppError && error.code === 'VALIDATION_FAILED') throw notUploaded(index);
    throw error;
  }
}

/** Refuses a listing that would hold more than SNEAKER_PHOTOS_MAX photos, its cover included. */
export function assertPhotoCount({ hasCover, others }: { hasCover: boolean; others: number }): void {
  if (others + (hasCover ? 1 : 0) <= SNEAKER_PHOTOS_MAX) return;
  const message = `A listing holds at most ${SNEAKER_PHOTOS_MAX} photos, the cover included`;
  throw new AppError('VALIDATION_FAILED', `photos: ${message}`, { fields: { photos: message } });
}

/** Whether the stored photos differ from these (another picture, slot or order). */
export function photosDiffer(rows: readonly SneakerPhotoRow[], next: readonly SneakerPhotoValues[]): boolean {
  return rows.length !== next.length || rows.some((row, i) => row.url !== next[i]!.url || row.slot !== next[i]!.slot);
}

/**
 * One sneaker with its photos, as the one-sneaker answers give it: the cover (the image) first,
 * then the others in the member's order, and the size-tag photo a reviewer reads.
 */
export async function toSneakerWithPhotos(db: Db, record: SneakerRecord, viewerId: string | null): Promise<Sneaker> {
  const sneaker = toSneaker(record, viewerId);
  const rows = await findSneakerPhotoRows(db, sneaker.id);
  const photos: SneakerPhoto[] = [
    ...(sneaker.imageUrl ? [{ slot: 'cover' as const, url: sneaker.imageUrl, thumbnailUrl: sneaker.thumbnailUrl ?? sneaker.imageUrl }] : []),
    ...rows.map((row) => ({ slot: row.slot, url: row.url, thumbnailUrl: row.thumbnailUrl })),
  ];
  return { ...sneaker, photos, sizeTagPhoto: photos.find((p) => p.slot === SIZE_TAG_SLOT) ?? null };
}

/**
 * These sneakers with their photos, as the one-sneaker answers give them (the authentication
 * centre compares a pair with its listing): four statements whatever the number of ids.
 */
export async function findSneakersWithPhotos(db: Db, ids: number[], viewerId: string | null): Promise<Sneaker[]> {
  const records = await findSneakerRecordsByIds(db, ids);
  const rows = await findSneakerPhotoRowsOf(
    db,
    records.map((r) => r.sneaker.id),
  );
  return records.map((record) => {
    const sneaker = toSneaker(record, viewerId);
    const photos: SneakerPhoto[] = [
      ...(sneaker.imageUrl ? [{ slot: 'cover' as const, url: sneaker.imageUrl, thumbnailUrl: sneaker.thumbnailUrl ?? sneaker.imageUrl }] : []),
      ...rows.filter((row) => row.sneakerId === sneaker.id).map((row) => ({ slot: row.slot, url: row.url, thumbnailUrl: row.thumbnailUrl })),
    ];
    return { ...sneaker, photos, sizeTagPhoto: photos.find((p) => p.slot === SIZE_TAG_SLOT) ?? null };
  });
}

/** The URLs of a listing's photos besides the cover, in the member's order (verification reads them). */
export async function findListingPhotoUrls(db: Db, { sneakerId }: { sneakerId: number }): Promise<string[]> {
  return (await findSneakerPhotoRows(db, sneakerId)).map((row) => row.url);
}
