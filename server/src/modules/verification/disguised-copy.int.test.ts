import { describe, expect, it } from 'vitest';
import { signIn, useTestApp } from '../../../test/test-app';
import { indexPhotoFeatures } from '../uploads/photo-index/index-photo-features';
import { generatedPhoto } from './test-support/generated-photo';
import { HARD_DISGUISES, whiteBackgroundShoe } from './test-support/hard-disguises';
import { uploadPhoto, useVerificationWorker, verifiedImageOriginal } from './test-support/photo-verification';

const pair = {
  name: 'Asics Gel-Kayano 14',
  brand: 'Asics',
  model: 'Gel-Kayano 14',
  colorway: 'Cream',
  size: '10',
  condition: '9',
  estimatedValue: '150',
};

/** Issue #41: a disguised copy of another member's photo is found by its local features, and the reviewer is shown where. */
describe('a disguised copy of another member’s photo', () => {
  const testApp = useTestApp();
  useVerificationWorker(testApp);

  it(
    'flags a turned and captioned copy and a copy in a collage, names the original and outlines the matched regions; passes a different studio shot',
    { timeout: 180_000 },
    async () => {
      const owner = await signIn(testApp().app, { email: 'disguise-owner@example.com' });
      const copier = await signIn(testApp().app, { email: 'disguise-copier@example.com' });
      const photo = await whiteBackgroundShoe(41_700);
      const originalUrl = await uploadPhoto(owner, photo);
      const original = await owner.post('/api/sneakers', { ...pair, photos: [{ slot: 'cover', url: originalUrl }] });
      expect(original.status).toBe(201);
      // The owner never verifies: the recurring job gives the photo its features.
      expect(await indexPhotoFeatures(testApp().ctx)).toBeGreaterThan(0);

      const disguised = await HARD_DISGUISES.captioned(await HARD_DISGUISES.turnedLeft15(photo));
      const copyUrl = await uploadPhoto(copier, disguised);
      const copy = await copier.post('/api/sneakers', {
        ...pair,
        photos: [
          { slot: 'cover', url: await uploadPhoto(copier, await generatedPhoto(41_701)) },
          { slot: 'side', url: copyUrl },
        ],
      });
      const check = await verifiedImageOriginal(copier, copy.body.id);
      expect(check.passed).toBe(false);
      expect(check.evidence.summary).toMatch(new RegExp(`^Photo 2 shows the photo of sneaker #${original.body.id} of another member`));
      const shown = check.evidence as typeof check.evidence & {
        photoMatch: { originalUrl: string; copyUrl: string; copyQuad: number[][]; originalRegion: { width: number } };
      };
      expect(shown.photoMatch).toMatchObject({ originalUrl, copyUrl });
      expect(shown.photoMatch.copyQuad).toHaveLength(4);
      expect(shown.photoMatch.originalRegion.width).toBeGreaterThan(0.3);

      const fillers = await Promise.all([generatedPhoto(41_702), generatedPhoto(41_703), generatedPhoto(41_704)]);
      const collage = await copier.post('/api/sneakers', {
        ...pair,
        photos: [{ slot: 'cover', url: await uploadPhoto(copier, await HARD_DISGUISES.collageOf4(photo, fillers)) }],
      });
      expect((await verifiedImageOriginal(copier, collage.body.id)).passed).toBe(false);

      const honest = await copier.post('/api/sneakers', {
        ...pair,
        photos: [{ slot: 'cover', url: await uploadPhoto(copier, await whiteBackgroundShoe(41_705)) }],
      });
      expect((await verifiedImageOriginal(copier, honest.body.id)).passed).toBe(true);
      // The owner re-verifies after the copies: first upload wins.
      expect((await verifiedImageOriginal(owner, original.body.id)).passed).toBe(true);
    },
  );
});
