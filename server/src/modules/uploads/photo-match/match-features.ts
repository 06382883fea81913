import { loadOpenCv, type OpenCv } from './load-opencv';
import { keypointCount, type PhotoFeatures } from './photo-features';

/** A region of a photo, in shares of its width and height (0 to 1), for outlining it beside the other. */
export interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where two photos show the same picture: the matched keypoints' box in each, and the first box carried into the second. */
export interface PhotoMatch {
  /** Keypoint pairs one transform explains (RANSAC inliers). */
  inliers: number;
  /** Keypoint pairs that looked alike before the geometric check. */
  tentative: number;
  /** Mean descriptor distance (bits of 256) of the inliers. */
  distance: number;
  /** How far the inliers spread across the first photo: the smaller standard deviation of their positions, in shares of its longer side. */
  spread: number;
  regionA: Region;
  regionB: Region;
  /** The corners of regionA carried into the second photo by the transform, in shares of its size. */
  quadB: [number, number][];
}

/** Bits (of 256) two descriptors may differ by and still be a tentative pair. */
export const MAX_DESCRIPTOR_DISTANCE = 64;
/** The best candidate must be clearly better than the second best (Lowe's ratio test). */
const RATIO = 0.8;
/** Pixel error a pair may have under the transform and still count (at FEATURE_EDGE): a copy lines up to a pixel or two, look-alikes only roughly. */
const REPROJECTION_PX = 2.5;
/**
 * Pairs one transform must explain for two photos to be the same picture. Different studio shots of
 * similar shoes reach up to 21 (outline corners on white look alike, and similar silhouettes
 * nearly line up); disguised copies in the tests keep 33 or more.
 */
export const MIN_INLIERS = 27;
/** The inliers must cover an area, not a line (a sole's edge lines up in any two side views): their smaller spread, in shares of the longer side. */
export const MIN_SPREAD = 0.03;
/** A transform that shrinks or grows area beyond this is no plausible copy (a degenerate fit). */
const MAX_AREA_SCALE = 25;

const words = (f: PhotoFeatures) => new Uint32Array(f.descriptors.slice().buffer, 0, f.descriptors.length / 4);

function popcount(n: number): number {
  n -= (n >>> 1) & 0x55555555;
  n = (n & 0x33333333) + ((n >>> 2) & 0x33333333);
  return (((n + (n >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

function hamming(a: Uint32Array, i: number, b: Uint32Array, j: number): number {
  let d = 0;
  for (let k = 0; k < 8; k++) d += popcount(a[i * 8 + k]! ^ b[j * 8 + k]!);
  return d;
}

/** Each keypoint's nearest neighbour in the other set, kept when it passes the ratio test and is mutual. */
export function tentativePairs(a: PhotoFeatures, b: PhotoFeatures): [number, number, number][] {
  const wa = words(a);
  const wb = words(b);
  const na = keypointCount(a);
  const nb = keypointCount(b);
  const bestOfB = new Int32Array(nb).fill(-1);
  const bestDistOfB = new Int32Array(nb).fill(257);
  const forward: [number, number, number][] = [];
  for (let i = 0; i < na; i++) {
    let best = 257;
    let second = 257;
    let at = -1;
    for (let j = 0; j < nb; j++) {
      const d = hamming(wa, i, wb, j);
      if (d < best) {
        second = best;
        best = d;
        at = j;
      } else if (d < second) second = d;
      if (d < bestDistOfB[j]!) {
        bestDistOfB[j] = d;
        bestOfB[j] = i;
      }
    }
    if (at >= 0 && best <= MAX_DESCRIPTOR_DISTANCE && best < RATIO * second) forward.push([i, at, best]);
  }
  return forward.filter(([i, j]) => bestOfB[j] === i);
}

function boxOf(points: [number, number][], width: number, height: number): Region {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const x0 = Math.min(...xs);
  const y0 = Math.min(...ys);
  return { x: x0 / width, y: y0 / height, width: (Math.max(...xs) - x0) / width, height: (Math.max(...ys) - y0) / height };
}

function apply(h: Float64Array, x: number, y: number): [number, number] {
  const w = h[6]! * x + h[7]! * y + h[8]!;
  return [(h[0]! * x + h[1]! * y + h[2]!) / w, (h[3]! * x + h[4]! * y + h[5]!) / w];
}

/** The smaller standard deviation of a point cloud (0 when the points lie on one line). */
function minorSpread(points: [number, number][]): number {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p[0], 0) / n;
  const my = points.reduce((s, p) => s + p[1], 0) / n;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (const [x, y] of points) {
    sxx += (x - mx) ** 2;
    syy += (y - my) ** 2;
    sxy += (x - mx) * (y - my);
  }
  sxx /= n;
  syy /= n;
  sxy /= n;
  const half = (sxx + syy) / 2;
  const minor = half - Math.sqrt(Math.max(0, ((sxx - syy) / 2) ** 2 + sxy ** 2));
  return Math.sqrt(Math.max(0, minor));
}

/** Whether four points, in order, make a convex quadrilateral (a plausible view of a rectangle). */
function isConvex(quad: [number, number][]): boolean {
  let sign = 0;
  for (let i = 0; i < 4; i++) {
    const [ax, ay] = quad[i]!;
    const [bx, by] = quad[(i + 1) % 4]!;
    const [cx, cy] = quad[(i + 2) % 4]!;
    const cross = (bx - ax) * (cy - by) - (by - ay) * (cx - bx);
    if (!Number.isFinite(cross) || cross === 0) return false;
    if (sign === 0) sign = Math.sign(cross);
    else if (Math.sign(cross) !== sign) return false;
  }
  return true;
}

/**
 * Whether photo B shows photo A (or part of it): tentative keypoint pairs by descriptor, then one
 * homography found by RANSAC must explain at least MIN_INLIERS of them, with a sane, convex
 * mapping. Null when they are different pictures. `minInliers` lower than MIN_INLIERS answers
 * weaker fits too (the bench reads how far different photos come from the threshold).
 */
export function matchFeaturesWith(cv: OpenCv, a: PhotoFeatures, b: PhotoFeatures, minInliers = MIN_INLIERS): PhotoMatch | null {
  const pairs = tentativePairs(a, b);
  if (pairs.length < Math.max(4, minInliers)) return null;
  const src = cv.matFromArray(
    pairs.length,
    1,
    cv.CV_32FC2,
    pairs.flatMap(([i]) => [a.points[i * 2]!, a.points[i * 2 + 1]!]),
  );
  const dst = cv.matFromArray(
    pairs.length,
    1,
    cv.CV_32FC2,
    pairs.flatMap(([, j]) => [b.points[j * 2]!, b.points[j * 2 + 1]!]),
  );
  const mask = new cv.Mat();
  let h: ReturnType<OpenCv['findHomography']> | undefined;
  try {
    h = cv.findHomography(src, dst, cv.RANSAC, REPROJECTION_PX, mask);
    if (h.rows !== 3 || mask.rows !== pairs.length) return null;
    const H = Float64Array.from(h.data64F);
    const kept = pairs.filter((_, k) => mask.data[k] !== 0);
    if (kept.length < minInliers) return null;
    const inA = kept.map(([i]) => [a.points[i * 2]!, a.points[i * 2 + 1]!] as [number, number]);
    const inB = kept.map(([, j]) => [b.points[j * 2]!, b.points[j * 2 + 1]!] as [number, number]);
    const regionA = boxOf(inA, a.width, a.height);
    const distance = kept.reduce((sum, p) => sum + p[2], 0) / kept.length;
    const spread = minorSpread(inA) / Math.max(a.width, a.height);
    const corners: [number, number][] = [
      [regionA.x * a.width, regionA.y * a.height],
      [(regionA.x + regionA.width) * a.width, regionA.y * a.height],
      [(regionA.x + regionA.width) * a.width, (regionA.y + regionA.height) * a.height],
      [regionA.x * a.width, (regionA.y + regionA.height) * a.height],
    ];
    const quad = corners.map(([x, y]) => apply(H, x, y));
    const det = H[0]! * H[4]! - H[1]! * H[3]!;
    if (!(Math.abs(det) > 1 / MAX_AREA_SCALE && Math.abs(det) < MAX_AREA_SCALE) || !isConvex(quad) || spread < MIN_SPREAD) return null;
    return {
      inliers: kept.length,
      tentative: pairs.length,
      distance,
      spread,
      regionA,
      regionB: boxOf(inB, b.width, b.height),
      quadB: quad.map(([x, y]) => [x / b.width, y / b.height]),
    };
  } finally {
    src.delete();
    dst.delete();
    mask.delete();
    h?.delete();
  }
}

/** matchFeaturesWith, loading OpenCV first. */
export async function matchFeatures(a: PhotoFeatures, b: PhotoFeatures, minInliers = MIN_INLIERS): Promise<PhotoMatch | null> {
  return matchFeaturesWith(await loadOpenCv(), a, b, minInliers);
}
