import type { PhotoFacts, VerificationCheck } from '../types';

/** Below this on the short side, stitching, tags and print cannot be made out: the photo shows nothing of the pair's make. */
export const MIN_USABLE_SHORT_EDGE = 240;
/** From this on the short side a photo is clear enough to inspect; between the two it only lowers the score. */
export const MIN_PHOTO_SHORT_EDGE = 400;

const size = (photo: PhotoFacts) => `${photo.width} × ${photo.height} px`;

/**
 * Every photo of the pair, large enough to inspect. Critical, weight 10: a photo below usable
 * resolution (a 96 × 96 thumbnail) hides exactly what would show a fake, so it vetoes; a small but
 * usable photo, the catalogue artwork alone or no photo at all only lower the score.
 */
export const imageQualityCheck: VerificationCheck = {
  name: 'imageQuality',
  weight: 10,
  critical: true,
  run({ images }) {
    const expected = `every photo at least ${MIN_PHOTO_SHORT_EDGE} px on its short side (${MIN_USABLE_SHORT_EDGE} px to be usable at all)`;
    const photos = images.filter((i): i is PhotoFacts => i.kind === 'photo');
    if (photos.length === 0) {
      const hasArtwork = images.some((i) => i.kind === 'artwork');
      return {
        passed: false,
        vetoes: false,
        evidence: hasArtwork
          ? { observed: 'catalogue artwork', expected, summary: 'The catalogue drawing shows the release, not this pair.' }
          : { observed: 'no image', expected, summary: 'No photo of the pair.' },
      };
    }
    const smallest = photos.reduce((a, b) => (Math.min(b.width, b.height) < Math.min(a.width, a.height) ? b : a));
    const shortEdge = Math.min(smallest.width, smallest.height);
    const observed = photos.length === 1 ? `${size(smallest)} photo` : `${photos.length} photos, the smallest ${size(smallest)}`;
    if (shortEdge < MIN_USABLE_SHORT_EDGE) {
      return {
        passed: false,
        evidence: { observed, expected, summary: 'A photo is below usable resolution: nothing of the pair can be inspected.' },
      };
    }
    if (shortEdge < MIN_PHOTO_SHORT_EDGE) {
      return { passed: false, vetoes: false, evidence: { observed, expected, summary: 'The photo is too small to inspect.' } };
    }
    return { passed: true, evidence: { observed, expected, summary: 'The photo is large enough to inspect.' } };
  },
};
