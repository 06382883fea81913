import type { AppContext } from '../../../context';
import { loadSharp } from '../load-sharp';
import { readStoredFile } from '../image-store';
import { queryKeys } from '../photo-match/feature-keys';
import { matchFeatures, type PhotoMatch } from '../photo-match/match-features';
import { decodeFeatures, extractFeatures, QUERY_KEYPOINTS, type PhotoFeatures } from '../photo-match/photo-features';
import { findCandidatePrints } from './photo-prints.repository';
import type { IndexedPhoto } from './find-earlier-photos';

/** Shared lookup keys a stored photo needs to be checked geometrically. */
export const MIN_VOTES = 4;
/** Stored photos checked geometrically per photo, the most keys in common first. */
export const MAX_CANDIDATES = 8;
/**
 * A key filed under more stored photos than this casts no vote (the stop list, read from the
 * index's own buckets): at 100,000 photos, a run shared by more than 0.008% of them. bench:photos
 * at 100,000: 8 found as many originals as 32 (28 and 29 of 40) with the statement 40% faster.
 */
export const BUCKET_CAP = 8;

/** A photo of the listing found, by its local features, in another member's earlier photo. */
export interface CopiedPhoto {
  /** The listing's photo (the copy). */
  imageUrl: string;
  /** The earlier photo it copies. */
  original: IndexedPhoto;
  /** Where they show the same picture: region A on the original, B on the copy. */
  match: PhotoMatch;
}

/** The features a checked photo is read with: the picture and its mirror image (ORB tells left from right). */
async function checkedFeatures(bytes: Buffer): Promise<PhotoFeatures[]> {
  const sharp = await loadSharp();
  const mirrored = await sharp(bytes).flop().png().toBuffer();
  return Promise.all([extractFeatures(bytes, QUERY_KEYPOINTS), extractFeatures(mirrored, QUERY_KEYPOINTS)]);
}

/** A match read on the mirror image, in the copy's own coordinates. */
function unmirrored(match: PhotoMatch): PhotoMatch {
  const { regionB } = match;
  return {
    ...match,
    regionB: { ...regionB, x: 1 - regionB.x - regionB.width },
    quadB: match.quadB.map(([x, y]) => [1 - x, y]),
  };
}

/**
 * Each of the listing's indexed photos looked up in the photo index by its local features: the
 * other members' photos put on another listing before it (first upload wins) sharing the most
 * lookup keys, then checked geometrically (match-features.ts). Answers the best match per copied
 * photo; a photo with no match is left out.
 */
export async function findCopiedPhotos(
  ctx: AppContext,
  { sneakerId, ownerId, mine }: { sneakerId: number; ownerId: string; mine: readonly IndexedPhoto[] },
): Promise<CopiedPhoto[]> {
  const found: CopiedPhoto[] = [];
  for (const photo of mine) {
    const bytes = await readStoredFile(ctx.env.DATA_DIR, photo.imageUrl);
    if (!bytes) continue;
    let best: CopiedPhoto | null = null;
    for (const [view, features] of (await checkedFeatures(bytes)).entries()) {
      const candidates = await findCandidatePrints(ctx.db, {
        keys: queryKeys(features),
        sneakerId,
        ownerId,
        before: photo.seenAt,
        beforeId: photo.printId,
        minVotes: MIN_VOTES,
        limit: MAX_CANDIDATES,
        bucketCap: BUCKET_CAP,
      });
      for (const candidate of candidates) {
        if (!candidate.features) continue;
        const found = await matchFeatures(decodeFeatures(candidate.features), features);
        const match = found && view === 1 ? unmirrored(found) : found;
        if (match && (!best || match.inliers > best.match.inliers)) {
          const original: IndexedPhoto = {
            printId: candidate.id,
            sneakerId: candidate.sneakerId,
            ownerId: candidate.ownerId,
            imageUrl: candidate.imageUrl,
            seenAt: candidate.seenAt,
            fingerprint: candidate.fingerprint,
          };
          best = { imageUrl: photo.imageUrl, original, match };
        }
      }
    }
    if (best) found.push(best);
  }
  return found;
}
