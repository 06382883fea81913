import { parseFingerprint, parsedDistance, SAME_PHOTO_MAX_DISTANCE } from '../../uploads/image-fingerprint';
import type { IndexOrder, PhotoFacts, VerificationCheck } from '../types';

/** Whether `other` can be the original of `photo`: first upload wins, so only a photo indexed earlier can. */
function isEarlier(other: IndexOrder | undefined, photo: IndexOrder | undefined): boolean {
  if (!other || !photo) return true;
  return other.seenAt < photo.seenAt || (other.seenAt.getTime() === photo.seenAt.getTime() && other.printId < photo.printId);
}

/**
 * No photo of the pair may be another member's listing photo, even mirrored, cropped, turned,
 * rescaled, recoloured or re-encoded (the fingerprint compares views; see
 * uploads/image-fingerprint.ts). Critical, weight 15: a borrowed photo means the lister may not hold
 * the pair at all. The member's own other listings do not count (one photo of a pair listed twice
 * is no fraud). First upload wins: a photo is compared only with photos put on another listing
 * before it was put on this one, so the owner of an original is never flagged for a thief's later
 * copy (docs/rules/verification.md#first-upload-wins). A photo that is the catalogue's own artwork
 * (uploaded as if it were a photo) is no evidence of the pair either and fails the same way. Without a photo of the pair (none, or only the catalogue artwork) nothing shows the
 * member holds it, so that fails and vetoes too.
 */
export const imageOriginalCheck: VerificationCheck = {
  name: 'imageOriginal',
  weight: 15,
  critical: true,
  run({ images, listing, otherListingImages, catalogImages, copiedPhotos }) {
    const others = otherListingImages.filter((other) => other.ownerId !== listing.ownerId);
    const expected = `photos of ${others.length} other members' listings`;
    const photos = images.filter((i): i is PhotoFacts => i.kind === 'photo');
    if (photos.length === 0) {
      // Nothing shows the member holds the pair: without a photo of it the pair cannot be called authentic.
      return { passed: false, evidence: { observed: 'no photo of the pair', expected, summary: 'No photo of the pair to check.' } };
    }
    // Each fingerprint is parsed once: the comparisons are then integer pop-counts.
    const mine = photos.map((photo) => parseFingerprint(photo.fingerprint));
    // The catalogue's own artwork uploaded as a photo shows nothing of the member's pair.
    for (const artwork of catalogImages ?? []) {
      const theirs = parseFingerprint(artwork.fingerprint);
      const index = mine.findIndex((photo) => parsedDistance(photo, theirs) <= SAME_PHOTO_MAX_DISTANCE);
      if (index < 0) continue;
      const which = photos.length === 1 ? 'The photo' : `Photo ${index + 1}`;
      return {
        passed: false,
        evidence: {
          observed: `${which.toLowerCase()} is the catalogue artwork of ${artwork.name}`,
          expected: 'photos of the pair itself',
          summary: `${which} is the catalogue's own artwork of ${artwork.name}, not a photo of this pair: it shows nothing the member holds.`,
        },
      };
    }
    let closest: { sneakerId: number; distance: number; photo: number } | null = null;
    for (const other of others) {
      const theirs = parseFingerprint(other.fingerprint);
      for (const [index, photo] of mine.entries()) {
        if (!isEarlier(other.indexed, photos[index]!.indexed)) continue;
        const distance = parsedDistance(photo, theirs);
        if (!closest || distance < closest.distance) closest = { sneakerId: other.sneakerId, distance, photo: index };
      }
    }
    // Local features find what whole-image hashes miss: turned, cropped, framed, captioned, recoloured, collaged or screenshotted copies.
    const copied = (copiedPhotos ?? []).find((c) => c.ownerId !== listing.ownerId);
    const observed = photos.length === 1 ? `photo fingerprint ${photos[0]!.fingerprint.slice(0, 32)}` : `${photos.length} photos`;
    if (closest && closest.distance <= SAME_PHOTO_MAX_DISTANCE) {
      const which = photos.length === 1 ? 'The photo is' : `Photo ${closest.photo + 1} is`;
      return {
        passed: false,
        evidence: {
          observed,
          expected,
          summary: `The same photo as sneaker #${closest.sneakerId} of another member (${closest.distance} of 64 bits differ). ${which} another member's, even if mirrored, cropped or recoloured.`,
          // The matched regions, when local features found them too, for the review queue's side-by-side.
          ...(copied ? { photoMatch: copied.evidence } : {}),
        },
      };
    }
    if (copied) {
      const which = photos.length === 1 ? 'The photo' : `Photo ${copied.photo + 1}`;
      return {
        passed: false,
        evidence: {
          observed: `${which.toLowerCase()} shares ${copied.evidence.matchedPoints} keypoints with a photo of sneaker #${copied.sneakerId}`,
          expected,
          summary: `${which} shows the photo of sneaker #${copied.sneakerId} of another member, put on that listing earlier (${copied.evidence.matchedPoints} matching points under one transform): a turned, cropped, framed, captioned, recoloured or collaged copy is still a copy.`,
          photoMatch: copied.evidence,
        },
      };
    }
    return { passed: true, evidence: { observed, expected, summary: "No photo appears in another member's listing." } };
  },
};
