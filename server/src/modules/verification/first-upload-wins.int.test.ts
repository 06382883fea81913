import { describe, expect, it } from 'vitest';
import { signIn, useTestApp } from '../../../test/test-app';
import { generatedPhoto } from './test-support/generated-photo';
import { uploadPhoto, useVerificationWorker, verifiedImageOriginal } from './test-support/photo-verification';

const pair = {
  name: 'Nike Dunk Low Panda',
  brand: 'Nike',
  model: 'Dunk Low',
  colorway: 'White Black',
  size: '9',
  condition: '9',
  estimatedValue: '120',
};

/** Issue #41: first upload wins; the owner of an original is never flagged for a thief's later copy. */
describe('first upload wins', () => {
  const testApp = useTestApp();
  useVerificationWorker(testApp);

  it('flags the thief who edits a stolen photo into an older listing, and not the victim who re-verifies', { timeout: 120_000 }, async () => {
    const thief = await signIn(testApp().app, { email: 'first-upload-thief@example.com' });
    const victim = await signIn(testApp().app, { email: 'first-upload-victim@example.com' });
    // The thief's listing is older than the victim's.
    const thiefCover = await uploadPhoto(thief, await generatedPhoto(41_100, 1200, 900));
    const older = await thief.post('/api/sneakers', { ...pair, photos: [{ slot: 'cover', url: thiefCover }] });
    expect(older.status).toBe(201);

    const victimPhoto = await generatedPhoto(41_101, 1200, 900);
    const victimCover = await uploadPhoto(victim, victimPhoto);
    const original = await victim.post('/api/sneakers', { ...pair, photos: [{ slot: 'cover', url: victimCover }] });
    expect(original.status).toBe(201);
    expect((await verifiedImageOriginal(victim, original.body.id)).passed).toBe(true);

    // Later, the thief uploads the victim's photo and edits it into the older listing.
    const stolen = await uploadPhoto(thief, victimPhoto);
    const edited = await thief.put(`/api/sneakers/${older.body.id}`, {
      photos: [
        { slot: 'cover', url: thiefCover },
        { slot: 'side', url: stolen },
      ],
    });
    expect(edited.status).toBe(200);

    const victimAgain = await verifiedImageOriginal(victim, original.body.id);
    expect(victimAgain.passed, victimAgain.evidence.summary).toBe(true);
    const thiefCheck = await verifiedImageOriginal(thief, older.body.id);
    expect(thiefCheck.passed).toBe(false);
    expect(thiefCheck.evidence.summary).toMatch(new RegExp(`sneaker #${original.body.id} of another member`));
  });

  it("still knows a deleted listing's photos: a later copy of one is flagged", { timeout: 120_000 }, async () => {
    const owner = await signIn(testApp().app, { email: 'first-upload-deleted@example.com' });
    const copier = await signIn(testApp().app, { email: 'first-upload-copier@example.com' });
    const photo = await generatedPhoto(41_200, 1200, 900);
    const listed = await owner.post('/api/sneakers', { ...pair, photos: [{ slot: 'cover', url: await uploadPhoto(owner, photo) }] });
    expect(listed.status).toBe(201);
    expect((await owner.delete(`/api/sneakers/${listed.body.id}`)).status).toBeLessThan(300);

    const copy = await copier.post('/api/sneakers', { ...pair, photos: [{ slot: 'cover', url: await uploadPhoto(copier, photo) }] });
    const check = await verifiedImageOriginal(copier, copy.body.id);
    expect(check.passed).toBe(false);
    expect(check.evidence.summary).toMatch(new RegExp(`sneaker #${listed.body.id} of another member`));
  });
});
