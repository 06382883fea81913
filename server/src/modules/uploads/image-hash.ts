import { imageDecodeQueue } from './decode-queue';
import { IMAGE_MAX_PIXELS } from './image-limits';
import { loadSharp } from './load-sharp';

/**
 * dHash: shrink to 9x8 greyscale and record, row by row, whether each pixel is brighter than
 * its right neighbour. Robust to re-encoding and resizing; used to spot the same photo listed twice.
 */
export async function differenceHash(image: Uint8Array): Promise<string> {
  // Only ever given our own thumbnails, but it decodes all the same: same queue, same pixel cap.
  const sharp = await loadSharp();
  const pixels = await imageDecodeQueue.run(() =>
    sharp(image, { limitInputPixels: IMAGE_MAX_PIXELS }).greyscale().resize(9, 8, { fit: 'fill' }).raw().toBuffer(),
  );
  let bits = 0n;
  for (let row = 0; row < 8; row++) {
    for (let col = 0; col < 8; col++) {
      bits = (bits << 1n) | (pixels[row * 9 + col]! > pixels[row * 9 + col + 1]! ? 1n : 0n);
    }
  }
  return bits.toString(16).padStart(16, '0');
}

/** How many of the 64 bits differ between two difference hashes (0 = same picture; under about 10 = near-duplicate). */
export function hashDistance(a: string, b: string): number {
  let diff = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let count = 0;
  while (diff) {
    count += Number(diff & 1n);
    diff >>= 1n;
  }
  return count;
}
