import { imageDecodeQueue } from '../decode-queue';
import { IMAGE_MAX_PIXELS } from '../image-limits';
import { loadSharp } from '../load-sharp';
import { loadOpenCv } from './load-opencv';

/**
 * A photo's local features: ORB keypoints (where) and their 256-bit binary descriptors (what the
 * patch around each looks like, turned to its own orientation), strongest first. Two photos share
 * many descriptors at positions one transform maps onto the other when one is a copy of the other,
 * however it was turned, cropped, framed, captioned, recoloured, rescaled or pasted into a collage
 * (match-features.ts checks the transform).
 */
export interface PhotoFeatures {
  /** The size the photo was read at (longest edge FEATURE_EDGE). */
  width: number;
  height: number;
  /** x, y per keypoint. */
  points: Float32Array;
  /** DESCRIPTOR_BYTES per keypoint, in the order of `points`. */
  descriptors: Uint8Array;
}

export const DESCRIPTOR_BYTES = 32;
/** Photos are read at this longest edge: enough detail for a quarter of a collage, little work. */
export const FEATURE_EDGE = 512;
/** Keypoints kept per stored photo (the strongest). */
export const MAX_KEYPOINTS = 300;
/**
 * Keypoints read from a photo being checked: more than are stored, so a copy pasted small into a
 * collage still has enough keypoints on the pasted part.
 */
export const QUERY_KEYPOINTS = 1000;

/** The number of keypoints of a feature set. */
export const keypointCount = (f: PhotoFeatures) => f.descriptors.length / DESCRIPTOR_BYTES;

/** Reads a picture (any format sharp reads) to grey at FEATURE_EDGE and finds its ORB features. */
export async function extractFeatures(image: Uint8Array, maxKeypoints = MAX_KEYPOINTS): Promise<PhotoFeatures> {
  const sharp = await loadSharp();
  const grey = await imageDecodeQueue.run(() =>
    sharp(image, { limitInputPixels: IMAGE_MAX_PIXELS })
      .greyscale()
      .resize(FEATURE_EDGE, FEATURE_EDGE, { fit: 'inside' })
      .raw()
      .toBuffer({ resolveWithObject: true }),
  );
  return featuresOfGrey(grey.data, grey.info.width, grey.info.height, maxKeypoints);
}

/** ORB features of an 8-bit grey plane. */
export async function featuresOfGrey(data: Uint8Array, width: number, height: number, maxKeypoints = MAX_KEYPOINTS): Promise<PhotoFeatures> {
  const cv = await loadOpenCv();
  const mat = new cv.Mat(height, width, cv.CV_8UC1);
  const mask = new cv.Mat();
  const keypoints = new cv.KeyPointVector();
  const descriptors = new cv.Mat();
  // ORB: 8 pyramid levels 1.2 apart (copies at 0.25x to 4x), FAST threshold 12, Harris ranking.
  const orb = new cv.ORB(maxKeypoints, 1.2, 8, 19, 0, 2, 0, 19, 12);
  try {
    mat.data.set(data);
    orb.detectAndCompute(mat, mask, keypoints, descriptors);
    const n = Math.min(keypoints.size(), descriptors.rows);
    const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => keypoints.get(b).response - keypoints.get(a).response);
    const points = new Float32Array(n * 2);
    const bytes = new Uint8Array(n * DESCRIPTOR_BYTES);
    order.forEach((from, to) => {
      const { pt } = keypoints.get(from);
      points[to * 2] = pt.x;
      points[to * 2 + 1] = pt.y;
      bytes.set(descriptors.data.subarray(from * DESCRIPTOR_BYTES, (from + 1) * DESCRIPTOR_BYTES), to * DESCRIPTOR_BYTES);
    });
    return { width, height, points, descriptors: bytes };
  } finally {
    mat.delete();
    mask.delete();
    keypoints.delete();
    descriptors.delete();
    orb.delete();
  }
}

/** Features as stored in photo_prints.features: a small header, the points, then the descriptors, base64. */
export function encodeFeatures(f: PhotoFeatures): string {
  const n = keypointCount(f);
  const out = Buffer.alloc(6 + n * 8 + f.descriptors.length);
  out.writeUInt16LE(f.width, 0);
  out.writeUInt16LE(f.height, 2);
  out.writeUInt16LE(n, 4);
  Buffer.from(f.points.buffer, f.points.byteOffset, n * 8).copy(out, 6);
  Buffer.from(f.descriptors).copy(out, 6 + n * 8);
  return out.toString('base64');
}

export function decodeFeatures(encoded: string): PhotoFeatures {
  const buf = Buffer.from(encoded, 'base64');
  const n = buf.readUInt16LE(4);
  const points = new Float32Array(n * 2);
  Buffer.from(points.buffer).set(buf.subarray(6, 6 + n * 8));
  return {
    width: buf.readUInt16LE(0),
    height: buf.readUInt16LE(2),
    points,
    descriptors: new Uint8Array(buf.subarray(6 + n * 8, 6 + n * 8 + n * DESCRIPTOR_BYTES)),
  };
}
