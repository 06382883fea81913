import sharp from 'sharp';
import { IMAGE_MAX_BYTES, IMAGE_MAX_EDGE, IMAGE_TOO_LARGE_MESSAGE, THUMBNAIL_EDGE, UNSUPPORTED_IMAGE_MESSAGE } from '@soleswap/contracts/sneakers';
import { AppError } from '../../errors';
import { differenceHash } from './image-hash';
import { detectImageType, type ImageType } from './image-type';

export interface ProcessedImage {
  sourceType: ImageType;
  /** WebP, longest edge at most IMAGE_MAX_EDGE, upright, no metadata. */
  image: Buffer;
  /** WebP, longest edge at most THUMBNAIL_EDGE. */
  thumbnail: Buffer;
  width: number;
  height: number;
  /** 64-bit difference hash (16 hex digits): near-identical pictures get near-identical hashes. */
  perceptualHash: string;
}

/**
 * The upload pipeline of decisions.md 2: real type from the bytes, 8 MB cap, auto-rotation,
 * metadata stripped (sharp writes none unless asked), re-encoded to WebP plus a thumbnail.
 * Throws UNSUPPORTED_MEDIA for anything that is not a readable JPEG/PNG/WebP/GIF/AVIF.
 */
export async function processImage(bytes: Uint8Array): Promise<ProcessedImage> {
  if (bytes.length > IMAGE_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', IMAGE_TOO_LARGE_MESSAGE);
  const sourceType = detectImageType(bytes);
  if (!sourceType) throw new AppError('UNSUPPORTED_MEDIA', UNSUPPORTED_IMAGE_MESSAGE);
  try {
    // First frame only for animated GIF/WebP; autoOrient applies the EXIF orientation before it is dropped.
    const upright = sharp(bytes, { failOn: 'error', animated: false }).autoOrient();
    const [full, thumbnail] = await Promise.all([
      upright
        .clone()
        .resize({ width: IMAGE_MAX_EDGE, height: IMAGE_MAX_EDGE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true }),
      upright
        .clone()
        .resize({ width: THUMBNAIL_EDGE, height: THUMBNAIL_EDGE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 78 })
        .toBuffer(),
    ]);
    return {
      sourceType,
      image: full.data,
      thumbnail,
      width: full.info.width,
      height: full.info.height,
      perceptualHash: await differenceHash(thumbnail),
    };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('UNSUPPORTED_MEDIA', UNSUPPORTED_IMAGE_MESSAGE, { cause: error });
  }
}
