import { describe, expect, it } from 'vitest';
import { generatedPhoto } from '../../verification/test-support/generated-photo';
import { HARD_DISGUISES, whiteBackgroundShoe } from '../../verification/test-support/hard-disguises';
import { matchFeatures } from './match-features';
import { extractFeatures, QUERY_KEYPOINTS } from './photo-features';

describe('local-feature photo matching (#41)', { timeout: 120_000 }, async () => {
  const originals = await Promise.all([generatedPhoto(41_500), whiteBackgroundShoe(41_501), generatedPhoto(41_502), whiteBackgroundShoe(41_503)]);
  const fillers = await Promise.all([generatedPhoto(41_510), generatedPhoto(41_511), whiteBackgroundShoe(41_512)]);

  for (const [index, original] of originals.entries()) {
    for (const [name, disguise] of Object.entries(HARD_DISGUISES)) {
      it(`finds photo ${index + 1} in a copy ${name}`, async () => {
        const copy = await disguise(original, fillers);
        const match = await matchFeatures(await extractFeatures(original), await extractFeatures(copy, QUERY_KEYPOINTS));
        expect(match).not.toBeNull();
      });
    }
  }

  it('does not match different photos of similar white-background shoes, either way round', async () => {
    const shoes = await Promise.all(Array.from({ length: 16 }, (_, i) => whiteBackgroundShoe(41_600 + i)));
    const stored = await Promise.all(shoes.map((shoe) => extractFeatures(shoe)));
    const checked = await Promise.all(shoes.map((shoe) => extractFeatures(shoe, QUERY_KEYPOINTS)));
    const found: string[] = [];
    for (let i = 0; i < shoes.length; i++) {
      for (let j = 0; j < shoes.length; j++) {
        const m = i === j ? null : await matchFeatures(stored[i]!, checked[j]!);
        if (m) found.push(`${i}-${j}:${m.inliers}`);
      }
    }
    expect(found).toEqual([]);
    // The same photo, stored and checked, does match.
    expect(await matchFeatures(stored[0]!, checked[0]!)).not.toBeNull();
  });
});
