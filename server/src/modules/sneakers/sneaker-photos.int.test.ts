import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { signIn, useTestApp, type TestClient } from '../../../test/test-app';
import { sneakerPhotos, sneakers } from '../../db/schema/index';

const pair = {
  name: 'Air Jordan 1 Chicago',
  brand: 'Jordan',
  model: 'Air Jordan 1',
  colorway: 'Varsity Red',
  size: '10',
  condition: '9',
  estimatedValue: '400',
};

let shade = 0;
/** Uploads a distinct photo through POST /api/uploads and answers its URL. */
async function upload(member: TestClient): Promise<string> {
  shade += 1;
  const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: (shade * 37) % 256, g: (shade * 91) % 256, b: 40 } } })
    .composite([{ input: { create: { width: 80, height: 80, channels: 3, background: '#ffffff' } }, left: (shade * 13) % 200, top: 20 }])
    .png()
    .toBuffer();
  const res = await member.post('/api/uploads', { dataUrl: `data:image/png;base64,${png.toString('base64')}` });
  expect(res.status).toBe(201);
  return res.body.imageUrl as string;
}

describe('listing photos (issue #28)', () => {
  const testApp = useTestApp();
  const member = (name: string) => signIn(testApp().app, { email: `${name}@example.com`, username: name });

  it('adds a pair with its photos and shows them, cover first, with the size tag for the reviewer', async () => {
    const alice = await member('photos-alice');
    const [cover, side, sizeTag, extra1, extra2] = [
      await upload(alice),
      await upload(alice),
      await upload(alice),
      await upload(alice),
      await upload(alice),
    ];
    const created = await alice.post('/api/sneakers', {
      ...pair,
      photos: [
        { slot: 'cover', url: cover },
        { slot: 'side', url: side },
        { slot: 'size_tag', url: sizeTag },
        { slot: 'extra', url: extra1 },
        { slot: 'extra', url: extra2 },
      ],
    });
    expect(created.status).toBe(201);
    expect(created.body.imageUrl).toBe(cover);
    expect(created.body.photos.map((p: { slot: string; url: string }) => [p.slot, p.url])).toEqual([
      ['cover', cover],
      ['side', side],
      ['size_tag', sizeTag],
      ['extra', extra1],
      ['extra', extra2],
    ]);
    expect(created.body.photos[1].thumbnailUrl).toMatch(/-400\.webp$/);
    expect(created.body.sizeTagPhoto).toMatchObject({ slot: 'size_tag', url: sizeTag });

    const shown = await alice.get(`/api/sneakers/${created.body.id}`);
    expect(shown.body.photos).toEqual(created.body.photos);
    const bob = await member('photos-bob-viewer');
    expect((await bob.get(`/api/sneakers/${created.body.id}`)).body.sizeTagPhoto.url).toBe(sizeTag);

    // Each stored photo keeps a fingerprint for the duplicate-photo check.
    const rows = await testApp().ctx.db.select().from(sneakerPhotos).where(eq(sneakerPhotos.sneakerId, created.body.id));
    expect(rows).toHaveLength(4);
    expect(rows.every((row) => typeof row.imageHash === 'string' && row.imageHash.length > 0)).toBe(true);
  });

  it('refuses more than 8 photos, a second photo in one slot, and photos that are not the owner’s uploads; nothing is added', async () => {
    const alice = await member('photos-refused');
    const bob = await member('photos-bob');
    const own = await upload(alice);
    const bobs = await upload(bob);
    const count = async () => (await alice.get(`/api/sneakers/user/${alice.user.id}`)).body.length;

    const nine = Array.from({ length: 9 }, () => ({ slot: 'extra', url: own }));
    const tooMany = await alice.post('/api/sneakers', { ...pair, photos: nine });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.code).toBe('VALIDATION_FAILED');
    expect(tooMany.body.fields.photos).toMatch(/at most 8 photos/);

    // Eight besides an image would make nine with the cover.
    const eightMore = await alice.post('/api/sneakers', { ...pair, imageUrl: own, photos: nine.slice(1) });
    expect(eightMore.status).toBe(400);
    expect(eightMore.body.fields.photos).toMatch(/at most 8 photos/);

    const twoHeels = await alice.post('/api/sneakers', {
      ...pair,
      photos: [
        { slot: 'heel', url: own },
        { slot: 'heel', url: own },
      ],
    });
    expect(twoHeels.status).toBe(400);
    expect(twoHeels.body.fields['photos.1.slot']).toMatch(/Only one heel photo/);

    const borrowed = await alice.post('/api/sneakers', {
      ...pair,
      photos: [
        { slot: 'side', url: own },
        { slot: 'heel', url: bobs },
      ],
    });
    expect(borrowed.status).toBe(400);
    expect(borrowed.body).toMatchObject({ code: 'VALIDATION_FAILED', fields: { 'photos.1.url': 'Upload the photo here first' } });

    const invented = await alice.post('/api/sneakers', {
      ...pair,
      photos: [{ slot: 'side', url: '/uploads/ab/abababababababababababababababab.webp' }],
    });
    expect(invented.status).toBe(400);
    expect(invented.body.fields['photos.0.url']).toBe('Upload the photo here first');

    const outside = await alice.post('/api/sneakers', { ...pair, photos: [{ slot: 'side', url: 'https://example.com/shoe.jpg' }] });
    expect(outside.status).toBe(400);
    const badSlot = await alice.post('/api/sneakers', { ...pair, photos: [{ slot: 'laces', url: own }] });
    expect(badSlot.status).toBe(400);
    expect(badSlot.body.fields['photos.0.slot']).toMatch(/Choose a photo slot/);

    expect(await count()).toBe(0);
    const eight = await alice.post('/api/sneakers', { ...pair, imageUrl: own, photos: nine.slice(2) });
    expect(eight.status).toBe(201);
    expect(eight.body.photos).toHaveLength(8);
  });

  it('replaces the photos on an edit, keeping photos already on the listing and refusing someone else’s', async () => {
    const alice = await member('photos-editor');
    const bob = await member('photos-bob-edit');
    const [heel, insole, newHeel] = [await upload(alice), await upload(alice), await upload(alice)];
    const id = (await alice.post('/api/sneakers', { ...pair, photos: [{ slot: 'heel', url: heel }] })).body.id;

    const edited = await alice.put(`/api/sneakers/${id}`, {
      photos: [
        { slot: 'heel', url: heel },
        { slot: 'insole', url: insole },
      ],
    });
    expect(edited.status).toBe(200);
    expect(edited.body.photos.map((p: { slot: string }) => p.slot)).toEqual(['heel', 'insole']);

    const borrowed = await alice.put(`/api/sneakers/${id}`, { photos: [{ slot: 'heel', url: await upload(bob) }] });
    expect(borrowed.status).toBe(400);
    expect(borrowed.body.fields['photos.0.url']).toBe('Upload the photo here first');
    const byBob = await bob.put(`/api/sneakers/${id}`, { photos: [{ slot: 'heel', url: newHeel }] });
    expect(byBob.status).toBe(403);
    expect((await alice.get(`/api/sneakers/${id}`)).body.photos.map((p: { url: string }) => p.url)).toEqual([heel, insole]);

    const removed = await alice.put(`/api/sneakers/${id}`, { photos: [] });
    expect(removed.body.photos).toEqual([]);
    expect(removed.body.sizeTagPhoto).toBeNull();
  });

  it('clears the verdict when a photo is replaced, and keeps it when the same photos are sent again', async () => {
    const { ctx } = testApp();
    const alice = await member('photos-verdict');
    const [sizeTag, otherTag] = [await upload(alice), await upload(alice)];
    const created = await alice.post('/api/sneakers', { ...pair, photos: [{ slot: 'size_tag', url: sizeTag }] });
    const id = created.body.id;
    const verifiedAt = new Date();
    await ctx.db.update(sneakers).set({ isVerified: true, verificationScore: '0.95', lastVerificationDate: verifiedAt }).where(eq(sneakers.id, id));

    const same = await alice.put(`/api/sneakers/${id}`, { photos: [{ slot: 'size_tag', url: sizeTag }] });
    expect(same.body.verdict.status).toBe('authenticated');
    expect(same.body.isVerified).toBe(true);

    const replaced = await alice.put(`/api/sneakers/${id}`, { photos: [{ slot: 'size_tag', url: otherTag }] });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ isVerified: false, verificationScore: null, lastVerificationDate: null });
    expect(replaced.body.verdict.status).toBe('not_verified');
    expect(replaced.body.sizeTagPhoto.url).toBe(otherTag);

    // A flagged pair is no longer flagged once the flagged photo is replaced: the flag was about the old one.
    await ctx.db.update(sneakers).set({ isVerified: false, verificationScore: '0.20', lastVerificationDate: verifiedAt }).where(eq(sneakers.id, id));
    expect((await alice.get(`/api/sneakers/${id}`)).body.verdict.status).toBe('flagged');
    const reshot = await alice.put(`/api/sneakers/${id}`, { photos: [{ slot: 'size_tag', url: sizeTag }] });
    expect(reshot.body.verdict.status).toBe('not_verified');
  });
});
