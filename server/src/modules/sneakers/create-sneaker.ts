import type { CreateSneaker, Sneaker } from '@soleswap/contracts/sneakers';
import type { AppContext } from '../../context';
import { findReleaseStyleCode } from '../catalog/catalog-pricing';
import { recordListingPhotos } from '../uploads/photo-index/record-listing-photos';
import { resolveImageUrl } from '../uploads/save-image';
import { resolveCatalogLink } from './sneaker-catalog-link';
import { assertPhotoCount, resolveSneakerPhotos, toSneakerWithPhotos } from './sneaker-photos';
import { replaceSneakerPhotoRows } from './sneaker-photos.repository';
import { findSneakerRecord } from './sneaker-record';
import { insertSneaker } from './sneakers.repository';

/**
 * Adds a sneaker to the owner's locker. An image sent as a data URL goes through the upload
 * pipeline first; a linked or matching catalogue release gives the market price and range.
 * The legit-check photos must be the owner's own uploads (sneaker-photos.ts); a `cover` photo is the image.
 * A linked pair without a style code of its own takes its release's, which verification checks
 * against the catalogue. Never verified on creation: only verification sets isVerified.
 */
export async function createSneaker(ctx: AppContext, { ownerId, input }: { ownerId: string; input: CreateSneaker }): Promise<Sneaker> {
  const photos = await resolveSneakerPhotos(ctx, { ownerId, photos: input.photos ?? [], onListing: { imageUrl: null, rows: [] } });
  const image = photos.cover ?? (input.imageUrl ? await resolveImageUrl(ctx, { imageUrl: input.imageUrl }) : null);
  assertPhotoCount({ hasCover: image !== null, others: photos.others.length });
  const link = await resolveCatalogLink(ctx, {
    catalogReleaseId: input.catalogReleaseId,
    brand: input.brand,
    model: input.model,
    colorway: input.colorway ?? null,
    identityChanged: true,
  });
  const releaseId = link?.catalogReleaseId ?? null;
  const styleCode = input.styleCode || (releaseId !== null ? await findReleaseStyleCode(ctx, { id: releaseId }) : null);
  const id = await ctx.db.transaction(async (tx) => {
    const newId = await insertSneaker(tx, {
      userId: ownerId,
      name: input.name,
      brand: input.brand,
      model: input.model,
      colorway: input.colorway ?? null,
      styleCode,
      size: input.size,
      condition: input.condition,
      estimatedValue: input.estimatedValue,
      description: input.description ?? null,
      imageUrl: image?.imageUrl ?? null,
      thumbnailUrl: image?.thumbnailUrl ?? null,
      imageHash: image?.imageHash ?? null,
      isAvailableForTrade: input.isAvailableForTrade,
      purchasePrice: input.purchasePrice ?? null,
      purchaseDate: input.purchaseDate ?? null,
      ...link,
    });
    await replaceSneakerPhotoRows(tx, newId, photos.others);
    // First upload wins: the photo index remembers when each photo was put on a listing (#41).
    const listed = [
      ...(image ? [{ imageUrl: image.imageUrl, fingerprint: image.imageHash }] : []),
      ...photos.others.map((p) => ({ imageUrl: p.url, fingerprint: p.imageHash })),
    ];
    await recordListingPhotos(tx, { sneakerId: newId, ownerId, photos: listed, at: ctx.now() });
    return newId;
  });
  ctx.events.emit('sneaker.created', { sneakerId: id, userId: ownerId });
  return toSneakerWithPhotos(ctx.db, (await findSneakerRecord(ctx.db, id))!, ownerId);
}
