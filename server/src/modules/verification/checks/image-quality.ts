import type { VerificationCheck } from '../types';

/** Below this on the short side, stitching, tags and print cannot be made out. */
export const MIN_PHOTO_SHORT_EDGE = 400;

/**
 * A photo of the pair itself, large enough to inspect. Weight 10: without one nothing about the
 * pair's make can be seen, but the photo's originality check is where a bad photo becomes a veto.
 */
export const imageQualityCheck: VerificationCheck = {
  name: 'imageQuality',
  weight: 10,
  critical: false,
  run({ image }) {
    const expected = `a photo at least ${MIN_PHOTO_SHORT_EDGE} px on its short side`;
    if (!image) return { passed: false, evidence: { observed: 'no image', expected, summary: 'No photo of the pair.' } };
    if (image.kind === 'artwork') {
      return {
        passed: false,
        evidence: { observed: 'catalogue artwork', expected, summary: 'The catalogue drawing shows the release, not this pair.' },
      };
    }
    const observed = `${image.width} × ${image.height} px photo`;
    const passed = Math.min(image.width, image.height) >= MIN_PHOTO_SHORT_EDGE;
    return {
      passed,
      evidence: { observed, expected, summary: passed ? 'The photo is large enough to inspect.' : 'The photo is too small to inspect.' },
    };
  },
};
