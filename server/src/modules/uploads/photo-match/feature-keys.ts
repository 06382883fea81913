import { DESCRIPTOR_BYTES, keypointCount, type PhotoFeatures } from './photo-features';

/**
 * Lookup keys for local features (multi-index hashing): each descriptor cut into KEY_RUNS runs of
 * 32 bits (the whole 256), each run hashed with its position into one 32-bit integer. A copy's
 * descriptor differs from the original's in a few bits, so some run of it is usually identical and
 * the original's row is found by equality, through the primary-key index of photo_print_keys;
 * unrelated photos share a run only by chance. 32-bit runs are 256 times as selective as the
 * 24-bit runs of the first index (which filled buckets of tens of thousands of photos at 100,000
 * photos, ORB's bits being far from fair coins), and eight of them per descriptor keep about as
 * many intact runs per copied descriptor as four 24-bit ones did.
 *
 * The stored side keys only its INDEXED_KEYPOINTS strongest keypoints, so each photo adds at most
 * INDEXED_KEYPOINTS * KEY_RUNS rows; the checked side keys its LOOKUP_KEYPOINTS strongest.
 */
export const KEY_RUNS = 8;
export const INDEXED_KEYPOINTS = 32;
/** A checked photo looks up its strongest keypoints only: enough for a quarter-size copy in a collage, few index probes. */
export const LOOKUP_KEYPOINTS = 500;
/** The key scheme photo_prints.keys_version records; rows made with an older one are re-keyed (migration 0073). */
export const KEYS_VERSION = 2;

/**
 * Runs with almost all bits alike (flat patches, plain backgrounds) fill huge buckets in every
 * photo and tell nothing apart: they are not keys.
 */
const isTellingRun = (run: number) => {
  let bits = 0;
  for (let v = run; v; v &= v - 1) bits += 1;
  return bits >= 6 && bits <= 26;
};

/** A run and its position as one signed 32-bit integer (a multiplicative hash, so positions do not collide in the low bits). */
const keyOf = (run: number, position: number) => Math.imul(run ^ Math.imul(position + 1, 0x9e3779b9), 0x85ebca6b) | 0;

function keysOf(features: PhotoFeatures, count: number): number[] {
  const keys = new Set<number>();
  const d = features.descriptors;
  for (let k = 0; k < Math.min(count, keypointCount(features)); k++) {
    const at = k * DESCRIPTOR_BYTES;
    for (let c = 0; c < KEY_RUNS; c++) {
      const o = at + c * 4;
      const run = ((d[o]! << 24) | (d[o + 1]! << 16) | (d[o + 2]! << 8) | d[o + 3]!) >>> 0;
      if (isTellingRun(run)) keys.add(keyOf(run, c));
    }
  }
  return [...keys];
}

/** The keys a stored photo is filed under. */
export const indexKeys = (features: PhotoFeatures) => keysOf(features, INDEXED_KEYPOINTS);
/** The keys a photo being checked looks up. */
export const queryKeys = (features: PhotoFeatures) => keysOf(features, LOOKUP_KEYPOINTS);
