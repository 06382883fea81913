import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { THUMBNAIL_EDGE } from '@soleswap/contracts/uploads';
import { generatedPhoto, PHOTO_DISGUISES } from '../verification/test-support/generated-photo';
import { fingerprintDistance, fingerprintImage, SAME_PHOTO_MAX_DISTANCE } from './image-fingerprint';

/** What the upload pipeline fingerprints: the stored WebP thumbnail. */
const thumbnail = (photo: Buffer) =>
  sharp(photo).resize({ width: THUMBNAIL_EDGE, height: THUMBNAIL_EDGE, fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();

const DISTINCT = 60;
const DISGUISED = 10;

/**
 * The photo check's measured error rates: the false-match rate over every pair of DISTINCT
 * generated, genuinely different photos, and for each disguise of a borrowed photo the share of
 * copies still recognised. Printed on every run; it fails if any two distinct photos match.
 */
describe('photo fingerprint error rates', () => {
  it('matches no two distinct photos and recognises every disguise of a borrowed one', { timeout: 600_000 }, async () => {
    const originals = await Promise.all(Array.from({ length: DISTINCT }, (_, i) => generatedPhoto(5_000 + i, 640, 480)));
    const fingerprints = await Promise.all(originals.map(async (p) => (await fingerprintImage(await thumbnail(p))).fingerprint));
    let pairs = 0;
    let falseMatches = 0;
    let nearest = 64;
    for (let i = 0; i < DISTINCT; i++) {
      for (let j = i + 1; j < DISTINCT; j++) {
        const distance = fingerprintDistance(fingerprints[i]!, fingerprints[j]!);
        pairs++;
        nearest = Math.min(nearest, distance);
        if (distance <= SAME_PHOTO_MAX_DISTANCE) falseMatches++;
      }
    }
    const lines = [
      `false matches: ${falseMatches} of ${pairs} pairs of distinct photos (${((falseMatches / pairs) * 100).toFixed(3)}%), nearest ${nearest} bits, threshold ${SAME_PHOTO_MAX_DISTANCE}`,
    ];
    const missed: string[] = [];
    for (const [name, disguise] of Object.entries(PHOTO_DISGUISES)) {
      const distances = await Promise.all(
        originals
          .slice(0, DISGUISED)
          .map(async (p, i) => fingerprintDistance((await fingerprintImage(await thumbnail(await disguise(p)))).fingerprint, fingerprints[i]!)),
      );
      const found = distances.filter((d) => d <= SAME_PHOTO_MAX_DISTANCE).length;
      if (found < DISGUISED) missed.push(name);
      lines.push(`${name}: ${found} of ${DISGUISED} recognised (distances ${distances.join(' ')})`);
    }
    console.log(lines.join('\n'));
    expect(falseMatches).toBe(0);
    expect(missed).toEqual([]);
  });
});
