import { AppError } from '../../errors';

/**
 * The most pixels an uploaded image may have (width × height of one frame): 40 megapixels.
 * Phones take 12 MP photos by default and 24 MP in some modes; their occasional 48-50 MP shots are
 * larger than the 8 MB byte cap as JPEG anyway, and we keep at most 1600 px a side. A tightly
 * compressed PNG can claim far more pixels than its bytes suggest (under 1 MB for 16000 × 16000),
 * and decoding costs memory and CPU by the pixel, so the cap is on pixels, checked before decoding.
 * sharp's own default (about 268 MP) would let such a file take gigabytes of memory.
 */
export const IMAGE_MAX_PIXELS = 40_000_000;

const MEGAPIXELS = Math.round(IMAGE_MAX_PIXELS / 1_000_000);

/** PAYLOAD_TOO_LARGE (413) naming the image's size and the limit. */
export function tooManyPixels(width?: number, height?: number): AppError {
  const limit = `at most ${MEGAPIXELS} megapixels. Make it smaller and try again.`;
  const message = width && height ? `This image is ${width} × ${height} pixels; images can be ${limit}` : `Images can be ${limit}`;
  return new AppError('PAYLOAD_TOO_LARGE', message);
}
