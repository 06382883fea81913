import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fingerprintDistance, fingerprintImage, isSamePhoto } from './image-fingerprint';
import { reposted, syntheticPhoto } from '../verification/test-support/pictures';

describe('fingerprintImage', () => {
  it('measures the picture and gives it a 32-digit fingerprint', async () => {
    const result = await fingerprintImage(await syntheticPhoto(1, 1200, 900));
    expect(result).toMatchObject({ width: 1200, height: 900 });
    expect(result.fingerprint).toMatch(/^[0-9a-f]{32}$/);
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
