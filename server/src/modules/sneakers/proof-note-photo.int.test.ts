import { describe, expect, it } from 'vitest';
import { signIn, useTestApp } from '../../../test/test-app';
import { generatedPhoto } from '../verification/test-support/generated-photo';
import { uploadPhoto } from '../verification/test-support/photo-verification';

/** Issue #41: the legit check asks for a photo no stock picture can give, the pair beside a handwritten note. */
describe('the handwritten-note photo slot', () => {
  const testApp = useTestApp();

  it('stores and shows a handwritten-note photo, one per listing', async () => {
    const member = await signIn(testApp().app, { email: 'proof-note@example.com' });
    const note = await uploadPhoto(member, await generatedPhoto(41_400, 800, 600));
    const pair = { name: 'Samba OG', brand: 'Adidas', model: 'Samba', size: '9', condition: '8', estimatedValue: '90' };
    const created = await member.post('/api/sneakers', { ...pair, photos: [{ slot: 'proof_note', url: note }] });
    expect(created.status).toBe(201);
    expect((await member.get(`/api/sneakers/${created.body.id}`)).body.photos.map((p: { slot: string }) => p.slot)).toEqual(['proof_note']);

    const twice = await member.post('/api/sneakers', {
      ...pair,
      photos: [
        { slot: 'proof_note', url: note },
        { slot: 'proof_note', url: note },
      ],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.fields['photos.1.slot']).toBe('Only one handwritten note photo');
  });
});
