import { toCents } from '@soleswap/contracts/money';
import { isArtworkUrl } from '@soleswap/contracts/sneakers';
import { isUploadUrl } from '@soleswap/contracts/uploads';
import type { AppContext } from '../../context';
import { readStoredFile, thumbnailUrlFor } from '../uploads/image-store';
import { fingerprintImage } from '../uploads/image-fingerprint';
import { loadSharp } from '../uploads/load-sharp';
import { findEarlierListingPhotoImages, findListingPhotoUrls } from '../sneakers/sneaker-photos';
import type { MarketQuoteInput } from './market-data-source';
import type { ImageFacts, VerificationInput } from './types';
import { findOtherListingImages, type SneakerForVerification } from './verification-subjects';

/**
 * One picture of the listing as the checks see it. The fingerprint is taken from the stored
 * thumbnail (as the upload pipeline does for `image_hash`, so it compares like with like), the size
 * from the stored full image. A stored file that has gone missing counts as no photo.
 */
async function imageFacts(ctx: AppContext, imageUrl: string | null): Promise<ImageFacts | null> {
  if (!imageUrl) return null;
  if (isArtworkUrl(imageUrl)) return { kind: 'artwork' };
  if (!isUploadUrl(imageUrl)) return null;
  const [full, thumbnail] = await Promise.all([
    readStoredFile(ctx.env.DATA_DIR, imageUrl),
    readStoredFile(ctx.env.DATA_DIR, thumbnailUrlFor(imageUrl)),
  ]);
  if (!full || !thumbnail) return null;
  const sharp = await loadSharp();
  const [{ width = 0, height = 0 }, { fingerprint }] = await Promise.all([sharp(full).metadata(), fingerprintImage(thumbnail)]);
  return { kind: 'photo', width, height, fingerprint };
}

/** Everything the checks look at for one sneaker, except the market quote. */
export async function gatherFacts(
  ctx: AppContext,
  { sneaker, release, owner }: SneakerForVerification,
): Promise<{ facts: Omit<VerificationInput, 'market'>; marketQuery: MarketQuoteInput }> {
  // Every photo of the listing goes through the photo checks: the cover, then its legit-check photos
  // (side, toe box, heel, size tag, ...), compared with other listings' covers and photos alike.
  const imageUrls = [sneaker.imageUrl, ...(await findListingPhotoUrls(ctx.db, { sneakerId: sneaker.id }))];
  const listing = { sneakerId: sneaker.id, ownerId: sneaker.userId };
  const [images, otherCovers, otherPhotos] = await Promise.all([
    Promise.all(imageUrls.map((url) => imageFacts(ctx, url))),
    findOtherListingImages(ctx.db, listing),
    findEarlierListingPhotoImages(ctx.db, listing),
  ]);
  const otherListingImages = [...otherCovers, ...otherPhotos];
  return {
    facts: {
      listing: {
        ownerId: sneaker.userId,
        name: sneaker.name,
        brand: sneaker.brand,
        model: sneaker.model,
        colorway: sneaker.colorway,
        size: sneaker.size,
        condition: sneaker.condition,
        estimatedValueCents: toCents(sneaker.estimatedValue),
        styleCode: sneaker.styleCode,
        purchaseDate: sneaker.purchaseDate,
        description: sneaker.description,
      },
      release: release
        ? {
            brand: release.brand,
            model: release.model,
            colorway: release.colorway,
            styleCode: release.styleCode,
            releaseDate: release.releaseDate,
            sizes: release.sizes,
          }
        : null,
      images: images.filter((i): i is ImageFacts => i !== null),
      otherListingImages,
      owner: { accountCreatedAt: owner.createdAt, completedTrades: owner.totalTrades, reputation: owner.reputation },
      now: ctx.now(),
    },
    marketQuery: {
      catalogReleaseId: sneaker.catalogReleaseId,
      brand: sneaker.brand,
      model: sneaker.model,
      colorway: sneaker.colorway,
      styleCode: sneaker.styleCode,
    },
  };
}
