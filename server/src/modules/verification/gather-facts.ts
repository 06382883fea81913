import { toCents } from '@soleswap/contracts/money';
import { isArtworkUrl } from '@soleswap/contracts/sneakers';
import { isUploadUrl } from '@soleswap/contracts/uploads';
import type { AppContext } from '../../context';
import { readStoredFile, thumbnailUrlFor } from '../uploads/image-store';
import { fingerprintImage } from '../uploads/image-fingerprint';
import { loadSharp } from '../uploads/load-sharp';
import { findCopiedPhotos } from '../uploads/photo-index/find-copied-photos';
import { findEarlierPhotos } from '../uploads/photo-index/find-earlier-photos';
import { indexPhotoFeatures } from '../uploads/photo-index/index-photo-features';
import { findListingPhotoUrls } from '../sneakers/sneaker-photos';
import type { MarketQuoteInput } from './market-data-source';
import type { ImageFacts, PhotoFacts, VerificationInput } from './types';
import { findCatalogImages } from './photo-match/catalog-artwork-prints';
import type { SneakerForVerification } from './verification-subjects';

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
  const found = await Promise.all(imageUrls.map((url) => imageFacts(ctx, url)));
  // First upload wins: each photo is compared only with other members' photos indexed before it,
  // deleted listings' included (docs/rules/verification.md#first-upload-wins).
  const photoUrls = imageUrls.filter((url, i): url is string => found[i]?.kind === 'photo');
  const catalogImages = photoUrls.length > 0 ? await findCatalogImages(ctx.db, { releaseId: sneaker.catalogReleaseId, brand: sneaker.brand }) : [];
  const { mine, earlier } = await findEarlierPhotos(ctx.db, {
    sneakerId: listing.sneakerId,
    ownerId: listing.ownerId,
    photos: photoUrls.map((imageUrl) => ({ imageUrl, fingerprint: (found[imageUrls.indexOf(imageUrl)] as PhotoFacts).fingerprint })),
    at: ctx.now(),
  });
  // Local features: the listing's own photos enter the feature index, then each is looked up in it.
  await indexPhotoFeatures(ctx, { printIds: mine.map((m) => m.printId) });
  const copies = await findCopiedPhotos(ctx, { sneakerId: listing.sneakerId, ownerId: listing.ownerId, mine });
  const copiedPhotos = copies.map(({ imageUrl, original, match }) => ({
    photo: photoUrls.indexOf(imageUrl),
    sneakerId: original.sneakerId,
    ownerId: original.ownerId,
    evidence: {
      originalUrl: original.imageUrl,
      copyUrl: imageUrl,
      originalRegion: match.regionA,
      copyRegion: match.regionB,
      copyQuad: match.quadB,
      matchedPoints: match.inliers,
    },
  }));
  const images = found.map((facts, i) => {
    const print = facts?.kind === 'photo' ? mine.find((m) => m.imageUrl === imageUrls[i]) : undefined;
    return facts?.kind === 'photo' && print ? { ...facts, indexed: { seenAt: print.seenAt, printId: print.printId } } : facts;
  });
  const otherListingImages = earlier.map((e) => ({
    sneakerId: e.sneakerId,
    ownerId: e.ownerId,
    fingerprint: e.fingerprint,
    indexed: { seenAt: e.seenAt, printId: e.printId },
  }));
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
      catalogImages,
      copiedPhotos,
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
