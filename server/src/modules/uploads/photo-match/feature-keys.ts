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
/** A checked photo looks up its strongest keypoints only: enough for a quarter-size copy in a collage, few index probes. */
export const LOOKUP_KEYPOINTS = 500;

/**
 * Runs with almost all bits alike (flat patches, plain backgrounds) fill huge buckets in every
 * photo and tell nothing apart: they are not keys.
 */
const isTellingRun = (run: number) => {
  let bits = 0;
  for (let v = run; v; v &= v - 1) bits += 1;
  return bits >= 5 && bits <= 19;
};

function keysOf(features: PhotoFeatures, count: number): number[] {
  const keys = new Set<number>();
  const d = features.descriptors;
  for (let k = 0; k < Math.min(count, keypointCount(features)); k++) {
    const at = k * DESCRIPTOR_BYTES;
    for (let c = 0; c < KEY_CHUNKS; c++) {
      const o = at + c * CHUNK_BYTES;
      const run = (d[o]! << 16) | (d[o + 1]! << 8) | d[o + 2]!;
      if (isTellingRun(run)) keys.add(c * 0x1000000 + run);
    }
  }
  return [...keys];
}

/** The keys a stored photo is filed under. */
export const indexKeys = (features: PhotoFeatures) => keysOf(features, INDEXED_KEYPOINTS);
/** The keys a photo being checked looks up. */
export const queryKeys = (features: PhotoFeatures) => keysOf(features, LOOKUP_KEYPOINTS);
