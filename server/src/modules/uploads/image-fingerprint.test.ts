import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { FINGERPRINT_CROPS, FINGERPRINT_POSES, fingerprintDistance, fingerprintImage, isSamePhoto } from './image-fingerprint';
import { generatedPhoto, PHOTO_DISGUISES } from '../verification/test-support/generated-photo';
import { reposted, syntheticPhoto } from '../verification/test-support/pictures';

describe('fingerprintImage', () => {
  it('measures the picture and gives it the whole-picture hashes, then one pair of hashes per view', async () => {
    const result = await fingerprintImage(await syntheticPhoto(1, 1200, 900));
    expect(result).toMatchObject({ width: 1200, height: 900 });
    const views = FINGERPRINT_CROPS.length * FINGERPRINT_POSES.length + 4;
    expect(result.fingerprint).toMatch(new RegExp(`^[0-9a-f]{32}:[0-9a-f]{${views * 32}}$`));
  });

  it.each(Object.keys(PHOTO_DISGUISES) as Array<keyof typeof PHOTO_DISGUISES>)('recognises the photo %s', { timeout: 60_000 }, async (disguise) => {
    const original = await generatedPhoto(40, 800, 600);
    const copy = await fingerprintImage(await PHOTO_DISGUISES[disguise](original));
    expect(isSamePhoto((await fingerprintImage(original)).fingerprint, copy.fingerprint)).toBe(true);
  });

  it('still compares a fingerprint stored before views existed on its whole-picture hashes', async () => {
    const { fingerprint } = await fingerprintImage(await syntheticPhoto(8, 600, 450));
    const copy = await fingerprintImage(await reposted(await syntheticPhoto(8, 600, 450)));
    expect(isSamePhoto(fingerprint.slice(0, 32), copy.fingerprint)).toBe(true);
  });

  it('recognises the same photo resized and re-encoded', async () => {
    const original = await syntheticPhoto(2);
    const copy = await fingerprintImage(await reposted(original));
    const png = await fingerprintImage(await sharp(original).resize(300).png().toBuffer());
    const source = await fingerprintImage(original);
    expect(isSamePhoto(source.fingerprint, copy.fingerprint)).toBe(true);
    expect(isSamePhoto(source.fingerprint, png.fingerprint)).toBe(true);
  });

  it('tells different photos apart', async () => {
    const fingerprints = await Promise.all(
      [3, 4, 5, 6].map(async (seed) => (await fingerprintImage(await syntheticPhoto(seed, 600, 450))).fingerprint),
    );
    for (let i = 0; i < fingerprints.length; i++) {
      for (let j = i + 1; j < fingerprints.length; j++) expect(isSamePhoto(fingerprints[i]!, fingerprints[j]!)).toBe(false);
    }
  });

  it('compares a stored 16-digit difference hash on that half only', async () => {
    const { fingerprint } = await fingerprintImage(await syntheticPhoto(7, 600, 450));
    expect(fingerprintDistance(fingerprint.slice(0, 16), fingerprint)).toBe(0);
  });
});
