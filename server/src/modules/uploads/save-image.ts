import { isArtworkUrl } from '@soleswap/contracts/sneakers';
import { isImageDataUrl, isUploadUrl, UNSUPPORTED_IMAGE_MESSAGE } from '@soleswap/contracts/uploads';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { decodeImageDataUrl } from './data-url';
import { fingerprintImage } from './image-fingerprint';
import { readStoredFile, storeImageFiles, storePrivateImageFiles, thumbnailUrlFor, type PrivateImageNames } from './image-store';
import { processImage } from './process-image';

/** An image ready to be referenced by a row. */
export interface StoredImage {
  imageUrl: string;
  thumbnailUrl: string;
  /**
   * Fingerprint of the thumbnail for the duplicate-photo check (difference hash + DCT hash, see
   * image-fingerprint.ts); null for catalogue artwork.
   */
  imageHash: string | null;
}

/** Runs uploaded bytes through the pipeline and stores the result (POST /api/uploads). */
export async function saveImage(ctx: AppContext, { bytes }: { bytes: Uint8Array }): Promise<StoredImage> {
  const processed = await processImage(bytes);
  const urls = storeImageFiles(ctx.env.DATA_DIR, processed);
  return { ...urls, imageHash: (await fingerprintImage(processed.thumbnail)).fingerprint };
}

/**
 * Runs uploaded bytes through the same pipeline (checked, upright, metadata dropped, WebP and a
 * thumbnail) into the private folder, for pictures only some members may see (dispute evidence).
 */
export async function savePrivateImage(ctx: AppContext, { bytes }: { bytes: Uint8Array }): Promise<PrivateImageNames> {
  return storePrivateImageFiles(ctx.env.DATA_DIR, await processImage(bytes));
}

/**
 * Resolves the `imageUrl` a client sent with a sneaker or message: a data URL is decoded and
 * stored through the same pipeline; one of our upload URLs must point at a stored file; a
 * catalogue artwork URL is kept as is. Never stores a data URL in a row (see docs/rules/uploads.md#storage-and-urls).
 */
export async function resolveImageUrl(ctx: AppContext, { imageUrl }: { imageUrl: string }): Promise<StoredImage> {
  if (isImageDataUrl(imageUrl)) return saveImage(ctx, { bytes: decodeImageDataUrl(imageUrl) });
  if (isUploadUrl(imageUrl)) {
    const thumbnailUrl = thumbnailUrlFor(imageUrl);
    const thumbnail = await readStoredFile(ctx.env.DATA_DIR, thumbnailUrl);
    if (!thumbnail) {
      throw new AppError('VALIDATION_FAILED', 'imageUrl: This image was not uploaded here; upload it again', {
        fields: { imageUrl: 'This image was not uploaded here; upload it again' },
      });
    }
    return { imageUrl, thumbnailUrl, imageHash: (await fingerprintImage(thumbnail)).fingerprint };
  }
  if (isArtworkUrl(imageUrl)) return { imageUrl, thumbnailUrl: imageUrl, imageHash: null };
  throw new AppError('UNSUPPORTED_MEDIA', UNSUPPORTED_IMAGE_MESSAGE);
}
