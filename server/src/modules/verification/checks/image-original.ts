import { fingerprintDistance, SAME_PHOTO_MAX_DISTANCE } from '../../uploads/image-fingerprint';
import type { VerificationCheck } from '../types';

/**
 * The photo must not be another member's listing photo, resized or re-encoded. Critical, weight
 * 15: a borrowed photo means the lister may not hold the pair at all. The member's own other
 * listings do not count (one photo of a pair listed twice is no fraud). Without a photo of the
 * pair there is nothing to vouch for, so that fails too.
 */
export const imageOriginalCheck: VerificationCheck = {
  name: 'imageOriginal',
  weight: 15,
  critical: true,
  run({ image, listing, otherListingImages }) {
    const others = otherListingImages.filter((other) => other.ownerId !== listing.ownerId);
    const expected = `photos of ${others.length} other members' listings`;
    if (image?.kind !== 'photo') {
      return { passed: false, evidence: { observed: 'no photo of the pair', expected, summary: 'No photo of the pair to check.' } };
    }
    const closest = others
      .map((other) => ({ other, distance: fingerprintDistance(image.fingerprint, other.fingerprint) }))
      .sort((a, b) => a.distance - b.distance)[0];
    const observed = `photo fingerprint ${image.fingerprint}`;
    if (closest && closest.distance <= SAME_PHOTO_MAX_DISTANCE) {
      return {
        passed: false,
        evidence: {
          observed,
          expected,
          summary: `The same photo as sneaker #${closest.other.sneakerId} of another member (${closest.distance} of 64 bits differ).`,
        },
      };
    }
    return { passed: true, evidence: { observed, expected, summary: "The photo does not appear in another member's listing." } };
  },
};
