import { describe, expect, it } from 'vitest';
import { fingerprintImage } from '../../uploads/image-fingerprint';
import { buildInput } from '../test-support/build-input';
import { reposted, syntheticPhoto } from '../test-support/pictures';
import { imageOriginalCheck } from './image-original';

describe('imageOriginal', async () => {
  const original = await fingerprintImage(await syntheticPhoto(11));
  const copy = await fingerprintImage(await reposted(await syntheticPhoto(11), 500));
  const unrelated = await fingerprintImage(await syntheticPhoto(12));
  const image = { kind: 'photo' as const, ...copy };

  it("fails a resized, re-encoded copy of another member's photo and names that listing", () => {
    const outcome = imageOriginalCheck.run(
      buildInput({
        image,
        otherListingImages: [
          { sneakerId: 41, ownerId: 'someone-else', fingerprint: unrelated.fingerprint },
          { sneakerId: 42, ownerId: 'someone-else', fingerprint: original.fingerprint },
        ],
      }),
    );
    expect(outcome.passed).toBe(false);
    expect(outcome.evidence.summary).toMatch(/^The same photo as sneaker #42 of another member/);
    expect(outcome.evidence.expected).toBe("photos of 2 other members' listings");
  });

  it("passes a photo found only in the member's own listings or nowhere", () => {
    const own = [{ sneakerId: 42, ownerId: 'owner-1', fingerprint: original.fingerprint }];
    expect(imageOriginalCheck.run(buildInput({ image, otherListingImages: own })).passed).toBe(true);
    const others = [{ sneakerId: 41, ownerId: 'someone-else', fingerprint: unrelated.fingerprint }];
    expect(imageOriginalCheck.run(buildInput({ image, otherListingImages: others })).passed).toBe(true);
  });

  it('fails without a photo of the pair, and is critical', () => {
    expect(imageOriginalCheck.run(buildInput({ image: { kind: 'artwork' } })).passed).toBe(false);
    expect(imageOriginalCheck.critical).toBe(true);
  });
});
