import { imageDecodeQueue } from './decode-queue';
import { differenceHash } from './image-hash';
import { IMAGE_MAX_PIXELS } from './image-limits';
import { loadSharp } from './load-sharp';

/**
 * A picture's fingerprint is a string of 64-bit perceptual hashes in hex:
 *
 * - the first 32 digits are the whole picture's difference hash then its DCT hash (pHash), as
 *   stored before views were added (so old `image_hash` values still compare on them);
 * - then, after a `:`, one 32-digit pair (dHash, pHash) per *view*: the picture centre-cropped to
 *   100, 90, 80, 70 and 60% and each crop mirrored and turned a quarter, half and three quarters,
 *   then its 80% crop at each corner.
 *
 * Two pictures are the same photo when the whole of one matches any view of the other (either
 * way round) with both hashes within SAME_PHOTO_MAX_DISTANCE bits. So a copy that was mirrored,
 * cropped, turned, rescaled or re-encoded still matches one view of the original, and the hashes
 * read only brightness order (pHash against its median, dHash neighbour to neighbour), which a
 * change of colour, brightness or contrast keeps. `e2e`-style measurements: fingerprint.bench.test.ts.
 */
export interface ImageFingerprint {
  width: number;
  height: number;
  fingerprint: string;
}

/** Bits (of 64) that may differ, in both hashes of one view pair, for two pictures to count as the same photo. */
export const SAME_PHOTO_MAX_DISTANCE = 10;

/** The centre crops every fingerprint carries a view of (share of each side kept). */
export const FINGERPRINT_CROPS = [1, 0.9, 0.8, 0.7, 0.6] as const;
/** Turns and mirror: identity, mirrored, quarter, half and three-quarter turn. */
export const FINGERPRINT_POSES = ['none', 'mirror', 'rot90', 'rot180', 'rot270'] as const;
type Pose = (typeof FINGERPRINT_POSES)[number];

const DCT_SIZE = 32;
const DCT_KEEP = 8;
/** The picture is read at this size (longest edge) for the views: enough for a 60% crop to keep 96 px. */
const VIEW_SOURCE_EDGE = 160;

const COS_TABLE = Array.from({ length: DCT_KEEP }, (_, k) =>
  Float64Array.from({ length: DCT_SIZE }, (_, n) => Math.cos(((2 * n + 1) * k * Math.PI) / (2 * DCT_SIZE))),
);

/** pHash of a 32x32 greyscale plane: the 8x8 lowest DCT frequencies against their median (DC left out of the median). */
function dctBits(pixels: ArrayLike<number>): string {
  // Separable DCT: rows first (32 x 8), then columns (8 x 8).
  const rows = new Float64Array(DCT_SIZE * DCT_KEEP);
  for (let y = 0; y < DCT_SIZE; y++) {
    for (let v = 0; v < DCT_KEEP; v++) {
      let sum = 0;
      const cos = COS_TABLE[v]!;
      for (let x = 0; x < DCT_SIZE; x++) sum += pixels[y * DCT_SIZE + x]! * cos[x]!;
      rows[y * DCT_KEEP + v] = sum;
    }
  }
  const coefficients: number[] = [];
  for (let u = 0; u < DCT_KEEP; u++) {
    const cos = COS_TABLE[u]!;
    for (let v = 0; v < DCT_KEEP; v++) {
      let sum = 0;
      for (let y = 0; y < DCT_SIZE; y++) sum += rows[y * DCT_KEEP + v]! * cos[y]!;
      coefficients.push(sum);
    }
  }
  const sorted = coefficients.slice(1).sort((a, b) => a - b);
  const median = (sorted[31]! + sorted[32]!) / 2;
  return toHex(coefficients.map((c) => c > median));
}

/** dHash of a 9x8 greyscale plane: each pixel brighter than its right neighbour. */
function differenceBits(pixels: ArrayLike<number>): string {
  const bits: boolean[] = [];
  for (let row = 0; row < 8; row++) {
    for (let col = 0; col < 8; col++) bits.push(pixels[row * 9 + col]! > pixels[row * 9 + col + 1]!);
  }
  return toHex(bits);
}

function toHex(bits: boolean[]): string {
  let hex = '';
  for (let i = 0; i < bits.length; i += 4) {
    hex += ((bits[i]! ? 8 : 0) | (bits[i + 1]! ? 4 : 0) | (bits[i + 2]! ? 2 : 0) | (bits[i + 3]! ? 1 : 0)).toString(16);
  }
  return hex;
}

/**
 * pHash of a stored picture (the legacy half of a fingerprint): shrink to 32x32 greyscale with
 * sharp, then dctBits. Low frequencies are the picture's layout, which re-encoding keeps.
 */
export async function dctHash(image: Uint8Array): Promise<string> {
  // Decodes like every other image in the process: through the shared queue, under the pixel cap.
  const sharp = await loadSharp();
  const pixels = await imageDecodeQueue.run(() =>
    sharp(image, { limitInputPixels: IMAGE_MAX_PIXELS }).greyscale().resize(DCT_SIZE, DCT_SIZE, { fit: 'fill' }).raw().toBuffer(),
  );
  return dctBits(pixels);
}

interface Plane {
  width: number;
  height: number;
  data: Float64Array;
}

/** The centre `share` of a plane, turned or mirrored. */
function view(plane: Plane, share: number, pose: Pose): Plane {
  const w = Math.max(1, Math.round(plane.width * share));
  const h = Math.max(1, Math.round(plane.height * share));
  const x0 = Math.floor((plane.width - w) / 2);
  const y0 = Math.floor((plane.height - h) / 2);
  const turned = pose === 'rot90' || pose === 'rot270';
  const out: Plane = { width: turned ? h : w, height: turned ? w : h, data: new Float64Array(w * h) };
  for (let y = 0; y < out.height; y++) {
    for (let x = 0; x < out.width; x++) {
      // (sx, sy): the crop's pixel shown at (x, y) of the view.
      let sx = x;
      let sy = y;
      if (pose === 'mirror') sx = w - 1 - x;
      else if (pose === 'rot90') [sx, sy] = [y, h - 1 - x];
      else if (pose === 'rot180') [sx, sy] = [w - 1 - x, h - 1 - y];
      else if (pose === 'rot270') [sx, sy] = [w - 1 - y, x];
      out.data[y * out.width + x] = plane.data[(y0 + sy) * plane.width + (x0 + sx)]!;
    }
  }
  return out;
}

/** Box-filter resize of a plane to width x height (every source pixel counted by its overlap). */
function shrink(plane: Plane, width: number, height: number): Float64Array {
  const out = new Float64Array(width * height);
  const sx = plane.width / width;
  const sy = plane.height / height;
  for (let oy = 0; oy < height; oy++) {
    const top = oy * sy;
    const bottom = top + sy;
    for (let ox = 0; ox < width; ox++) {
      const left = ox * sx;
      const right = left + sx;
      let sum = 0;
      let area = 0;
      for (let y = Math.floor(top); y < Math.ceil(bottom) && y < plane.height; y++) {
        const wy = Math.min(bottom, y + 1) - Math.max(top, y);
        for (let x = Math.floor(left); x < Math.ceil(right) && x < plane.width; x++) {
          const wx = Math.min(right, x + 1) - Math.max(left, x);
          sum += plane.data[y * plane.width + x]! * wx * wy;
          area += wx * wy;
        }
      }
      out[oy * width + ox] = area > 0 ? sum / area : 0;
    }
  }
  return out;
}

/** dHash and pHash of one view, 32 hex digits. */
function viewHashes(plane: Plane): string {
  return `${differenceBits(shrink(plane, 9, 8))}${dctBits(shrink(plane, DCT_SIZE, DCT_SIZE))}`;
}

/** The corners a copy may have been cropped towards: the 80% of the picture at each corner. */
const CORNER_SHARE = 0.8;
const CORNERS = [
  [0, 0],
  [1, 0],
  [0, 1],
  [1, 1],
] as const;

/** A `share` of a plane anchored at a corner ([0, 0] top left, [1, 1] bottom right). */
function corner(plane: Plane, [cx, cy]: readonly [number, number]): Plane {
  const w = Math.round(plane.width * CORNER_SHARE);
  const h = Math.round(plane.height * CORNER_SHARE);
  const x0 = cx * (plane.width - w);
  const y0 = cy * (plane.height - h);
  const data = new Float64Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) data[y * w + x] = plane.data[(y0 + y) * plane.width + x0 + x]!;
  return { width: w, height: h, data };
}

/**
 * The hashes of every view of a greyscale plane: each crop of FINGERPRINT_CROPS in each pose of
 * FINGERPRINT_POSES (the first is the whole picture as is), then the four 80% corner crops.
 */
function viewsOf(plane: Plane): string {
  const centred = FINGERPRINT_CROPS.flatMap((share) => FINGERPRINT_POSES.map((pose) => viewHashes(view(plane, share, pose))));
  return [...centred, ...CORNERS.map((c) => viewHashes(corner(plane, c)))].join('');
}

/**
 * Measures a stored picture (its upright size) and computes its fingerprint. Stored uploads are
 * already upright with no orientation tag, so the hashes read the pixels as they are, exactly as
 * the upload pipeline did when it stored `image_hash`.
 */
export async function fingerprintImage(image: Uint8Array): Promise<ImageFingerprint> {
  const sharp = await loadSharp();
  const [metadata, dHash, pHash, small] = await Promise.all([
    sharp(image).metadata(),
    differenceHash(image),
    dctHash(image),
    imageDecodeQueue.run(() =>
      sharp(image, { limitInputPixels: IMAGE_MAX_PIXELS })
        .greyscale()
        .resize(VIEW_SOURCE_EDGE, VIEW_SOURCE_EDGE, { fit: 'inside' })
        .raw()
        .toBuffer({ resolveWithObject: true }),
    ),
  ]);
  const plane: Plane = { width: small.info.width, height: small.info.height, data: Float64Array.from(small.data) };
  return {
    width: metadata.autoOrient.width,
    height: metadata.autoOrient.height,
    fingerprint: `${dHash}${pHash}:${viewsOf(plane)}`,
  };
}

/** A fingerprint read into 32-bit words once, so comparing it with thousands of others parses it once. */
export interface ParsedFingerprint {
  /** The whole picture: [dHi, dLo] or [dHi, dLo, pHi, pLo] (a 16-digit stored hash has no pHash). */
  whole: Uint32Array;
  /** [dHi, dLo, pHi, pLo] per view; empty for a fingerprint stored before views existed. */
  views: Uint32Array;
}

/** `count` 32-bit words from 8-digit hex groups of `hex` starting at `from` (a character loop: no substrings). */
function hexWords(hex: string, from: number, count: number): Uint32Array {
  const words = new Uint32Array(count);
  for (let w = 0; w < count; w++) {
    let value = 0;
    for (let k = 0; k < 8; k++) {
      const c = hex.charCodeAt(from + w * 8 + k);
      value = value * 16 + (c <= 57 ? c - 48 : (c | 32) - 87);
    }
    words[w] = value >>> 0;
  }
  return words;
}

export function parseFingerprint(fingerprint: string): ParsedFingerprint {
  const colon = fingerprint.indexOf(':');
  const wholeDigits = Math.min(colon < 0 ? fingerprint.length : colon, 32);
  const whole = hexWords(fingerprint, 0, wholeDigits >= 32 ? 4 : 2);
  if (colon < 0) return { whole, views: new Uint32Array(0) };
  const count = Math.floor((fingerprint.length - colon - 1) / 32);
  return { whole, views: hexWords(fingerprint, colon + 1, count * 4) };
}

function popcount(n: number): number {
  n -= (n >>> 1) & 0x55555555;
  n = (n & 0x33333333) + ((n >>> 2) & 0x33333333);
  return (((n + (n >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** The larger of the dHash and pHash distances between 4-word hash pairs at a[i..] and b[j..]. */
function pairDistance(a: Uint32Array, i: number, b: Uint32Array, j: number): number {
  const d = popcount(a[i]! ^ b[j]!) + popcount(a[i + 1]! ^ b[j + 1]!);
  const p = popcount(a[i + 2]! ^ b[j + 2]!) + popcount(a[i + 3]! ^ b[j + 3]!);
  return Math.max(d, p);
}

/**
 * How far apart two parsed fingerprints are (0 means the same picture): the smallest distance
 * between the whole of one and any view of the other, either way round, and between the two wholes
 * (only the difference hash when either is a 16-digit stored hash).
 */
export function parsedDistance(a: ParsedFingerprint, b: ParsedFingerprint): number {
  let best =
    a.whole.length < 4 || b.whole.length < 4
      ? popcount(a.whole[0]! ^ b.whole[0]!) + popcount(a.whole[1]! ^ b.whole[1]!)
      : pairDistance(a.whole, 0, b.whole, 0);
  if (a.views.length === 0 || b.views.length === 0) return best;
  // View 0 is the whole picture, as is; it is compared with every view of the other side.
  for (let j = 0; j < b.views.length && best > 0; j += 4) best = Math.min(best, pairDistance(a.views, 0, b.views, j));
  for (let i = 4; i < a.views.length && best > 0; i += 4) best = Math.min(best, pairDistance(a.views, i, b.views, 0));
  return best;
}

/** parsedDistance of two fingerprint strings. */
export function fingerprintDistance(a: string, b: string): number {
  return parsedDistance(parseFingerprint(a), parseFingerprint(b));
}

/** True when two fingerprints are close enough to be the same photo, whatever its size, encoding, crop, turn, mirror or colours. */
export function isSamePhoto(a: string, b: string): boolean {
  return fingerprintDistance(a, b) <= SAME_PHOTO_MAX_DISTANCE;
}
