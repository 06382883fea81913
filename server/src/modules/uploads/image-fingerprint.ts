import { imageDecodeQueue } from './decode-queue';
import { differenceHash, hashDistance } from './image-hash';
import { IMAGE_MAX_PIXELS } from './image-limits';
import { loadSharp } from './load-sharp';

/**
 * A picture's fingerprint is two 64-bit perceptual hashes side by side (32 hex digits): the
 * difference hash the upload pipeline already stores in `image_hash`, then a DCT hash (pHash).
 * Both survive resizing and re-encoding; requiring both to agree keeps two different photos
 * on the same white background from looking alike, which matters because a match is a veto.
 * A stored 16-digit hash (difference hash only) still compares on that half.
 */
export interface ImageFingerprint {
  width: number;
  height: number;
  fingerprint: string;
}

/** Bits (of 64) that may differ for two pictures to count as the same photo. */
export const SAME_PHOTO_MAX_DISTANCE = 10;

const DCT_SIZE = 32;
const DCT_KEEP = 8;

/**
 * pHash: shrink to 32x32 greyscale, take the 8x8 lowest frequencies of the 2D DCT and record
 * whether each is above their median (the DC term left out of the median, as it only measures
 * overall brightness). Low frequencies are the picture's layout, which re-encoding keeps.
 */
export async function dctHash(image: Uint8Array): Promise<string> {
  // Decodes like every other image in the process: through the shared queue, under the pixel cap.
  const sharp = await loadSharp();
  const pixels = await imageDecodeQueue.run(() =>
    sharp(image, { limitInputPixels: IMAGE_MAX_PIXELS }).greyscale().resize(DCT_SIZE, DCT_SIZE, { fit: 'fill' }).raw().toBuffer(),
  );
  const cos = (k: number, n: number) => Math.cos(((2 * n + 1) * k * Math.PI) / (2 * DCT_SIZE));
  const coefficients: number[] = [];
  for (let u = 0; u < DCT_KEEP; u++) {
    for (let v = 0; v < DCT_KEEP; v++) {
      let sum = 0;
      for (let y = 0; y < DCT_SIZE; y++) {
        for (let x = 0; x < DCT_SIZE; x++) sum += pixels[y * DCT_SIZE + x]! * cos(u, y) * cos(v, x);
      }
      coefficients.push(sum);
    }
  }
  const sorted = coefficients.slice(1).sort((a, b) => a - b);
  const median = (sorted[31]! + sorted[32]!) / 2;
  let bits = 0n;
  for (const c of coefficients) bits = (bits << 1n) | (c > median ? 1n : 0n);
  return bits.toString(16).padStart(16, '0');
}

/**
 * Measures a stored picture (its upright size) and computes its fingerprint. Stored uploads are
 * already upright with no orientation tag, so the hashes read the pixels as they are, exactly as
 * the upload pipeline did when it stored `image_hash`.
 */
export async function fingerprintImage(image: Uint8Array): Promise<ImageFingerprint> {
  const sharp = await loadSharp();
  const [metadata, dHash, pHash] = await Promise.all([sharp(image).metadata(), differenceHash(image), dctHash(image)]);
  return { width: metadata.autoOrient.width, height: metadata.autoOrient.height, fingerprint: `${dHash}${pHash}` };
}

/**
 * The larger of the two hash distances between two fingerprints (only the difference hash when
 * either is a 16-digit stored hash); 0 means the same picture.
 */
export function fingerprintDistance(a: string, b: string): number {
  const dDistance = hashDistance(a.slice(0, 16), b.slice(0, 16));
  if (a.length < 32 || b.length < 32) return dDistance;
  return Math.max(dDistance, hashDistance(a.slice(16, 32), b.slice(16, 32)));
}

/** True when two fingerprints are close enough to be the same photo, whatever its size or encoding. */
export function isSamePhoto(a: string, b: string): boolean {
  return fingerprintDistance(a, b) <= SAME_PHOTO_MAX_DISTANCE;
}
