import { DESCRIPTOR_BYTES, keypointCount, type PhotoFeatures } from './photo-features';

/**
 * Lookup keys for local features (multi-index hashing): each descriptor's first KEY_CHUNKS runs of
 * 24 bits, each tagged with its position, as one integer. A copy's descriptor differs from the
 * original's in a few bits, so some run of it is usually identical and the original's row is found
 * by equality, through the primary-key index of photo_print_keys; unrelated photos share a run
 * only by chance. The stored side keys only its INDEXED_KEYPOINTS strongest keypoints, so each
 * photo adds at most INDEXED_KEYPOINTS * KEY_CHUNKS rows; the checked side keys all of its own.
 */
export const KEY_CHUNKS = 4;
const CHUNK_BYTES = 3;
export const INDEXED_KEYPOINTS = 64;

function keysOf(features: PhotoFeatures, count: number): number[] {
  const keys = new Set<number>();
  const d = features.descriptors;
  for (let k = 0; k < Math.min(count, keypointCount(features)); k++) {
    const at = k * DESCRIPTOR_BYTES;
    for (let c = 0; c < KEY_CHUNKS; c++) {
      const o = at + c * CHUNK_BYTES;
      keys.add(c * 0x1000000 + ((d[o]! << 16) | (d[o + 1]! << 8) | d[o + 2]!));
    }
  }
  return [...keys];
}

/** The keys a stored photo is filed under. */
export const indexKeys = (features: PhotoFeatures) => keysOf(features, INDEXED_KEYPOINTS);
/** The keys a photo being checked looks up. */
export const queryKeys = (features: PhotoFeatures) => keysOf(features, Number.MAX_SAFE_INTEGER);
