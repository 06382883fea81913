import { describe, expect, it } from 'vitest';
import { fingerprintImage } from '../../uploads/image-fingerprint';
import { buildInput } from '../test-support/build-input';
import { generatedPhoto, PHOTO_DISGUISES } from '../test-support/generated-photo';
import { reposted, syntheticPhoto } from '../test-support/pictures';
import { imageOriginalCheck } from './image-original';

describe('imageOriginal', async () => {
  const original = await fingerprintImage(await syntheticPhoto(11));
  const copy = await fingerprintImage(await reposted(await syntheticPhoto(11), 500));
  const unrelated = await fingerprintImage(await syntheticPhoto(12));
  const images = [{ kind: 'photo' as const, ...copy }];

  it("fails a resized, re-encoded copy of another member's photo and names that listing", () => {
    const outcome = imageOriginalCheck.run(
      buildInput({
        images,
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
    expect(imageOriginalCheck.run(buildInput({ images, otherListingImages: own })).passed).toBe(true);
    const others = [{ sneakerId: 41, ownerId: 'someone-else', fingerprint: unrelated.fingerprint }];
    expect(imageOriginalCheck.run(buildInput({ images, otherListingImages: others })).passed).toBe(true);
  });

  it('fails without a photo of the pair, and is critical', () => {
    const outcome = imageOriginalCheck.run(buildInput({ images: [{ kind: 'artwork' }] }));
    expect(outcome.passed).toBe(false);
    expect(outcome.vetoes).toBeUndefined();
    expect(imageOriginalCheck.critical).toBe(true);
  });

  it("fails when any one of several photos is another member's, mirrored, and names which", { timeout: 60_000 }, async () => {
    const own = { kind: 'photo' as const, ...(await fingerprintImage(await generatedPhoto(5, 800, 600))) };
    const mirrored = { kind: 'photo' as const, ...(await fingerprintImage(await PHOTO_DISGUISES.mirrored(await generatedPhoto(6, 800, 600)))) };
    const theirs = await fingerprintImage(await generatedPhoto(6, 800, 600));
    const outcome = imageOriginalCheck.run(
      buildInput({ images: [own, mirrored], otherListingImages: [{ sneakerId: 9, ownerId: 'someone-else', fingerprint: theirs.fingerprint }] }),
    );
    expect(outcome.passed).toBe(false);
    expect(outcome.evidence.summary).toMatch(/sneaker #9 .*Photo 2 is another member's/);
  });
});
