import { IMAGE_MAX_BYTES, IMAGE_MAX_EDGE, IMAGE_TOO_LARGE_MESSAGE, THUMBNAIL_EDGE, UNSUPPORTED_IMAGE_MESSAGE } from '@soleswap/contracts/uploads';
import { AppError } from '../../errors';
import { imageDecodeQueue } from './decode-queue';
import { differenceHash } from './image-hash';
import { IMAGE_MAX_PIXELS, tooManyPixels } from './image-limits';
import { detectImageType, type ImageType } from './image-type';
import { loadSharp } from './load-sharp';

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
 * The upload pipeline: real type from the bytes, 8 MB cap, at most
 * IMAGE_MAX_PIXELS, auto-rotation, metadata stripped (sharp writes none unless asked),
 * re-encoded to WebP plus a thumbnail. Throws UNSUPPORTED_MEDIA for anything that is not a
 * readable JPEG/PNG/WebP/GIF/AVIF, PAYLOAD_TOO_LARGE for too many bytes or pixels.
 */
export async function processImage(bytes: Uint8Array): Promise<ProcessedImage> {
  if (bytes.length > IMAGE_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', IMAGE_TOO_LARGE_MESSAGE);
  const sourceType = detectImageType(bytes);
  if (!sourceType) throw new AppError('UNSUPPORTED_MEDIA', UNSUPPORTED_IMAGE_MESSAGE);
  const sharp = await loadSharp();
  try {
    // First frame only for animated GIF/WebP; autoOrient applies the EXIF orientation before it is dropped.
    const source = () => sharp(bytes, { failOn: 'error', animated: false, limitInputPixels: IMAGE_MAX_PIXELS });
    const { full, thumbnail } = await imageDecodeQueue.run(async () => {
      // The header alone gives the size, so an oversized image is refused, with its size, without
      // being decoded (reading the header is cheap whatever the size, hence no pixel cap here).
      const { width, height } = await sharp(bytes, { animated: false, limitInputPixels: false }).metadata();
      if (width && height && width * height > IMAGE_MAX_PIXELS) throw tooManyPixels(width, height);
      const full = await source()
        .autoOrient()
        .resize({ width: IMAGE_MAX_EDGE, height: IMAGE_MAX_EDGE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true });
      // The thumbnail comes from the small result, so the sender's file is decoded only once.
      const thumbnail = await sharp(full.data)
        .resize({ width: THUMBNAIL_EDGE, height: THUMBNAIL_EDGE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 78 })
        .toBuffer();
      return { full, thumbnail };
    });
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
    // libvips' own check, for a file whose header understates its size.
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooManyPixels();
    throw new AppError('UNSUPPORTED_MEDIA', UNSUPPORTED_IMAGE_MESSAGE, { cause: error });
  }
}
