import { describe, expect, it } from 'vitest';
import { BIO_MAX, USERNAME_RULE_MESSAGE, USERNAME_TAKEN_MESSAGE } from '@soleswap/contracts/users';
import { TestClient, signIn, useTestApp } from '../../../test/test-app';

/** A tiny valid PNG (1x1), for the upload pipeline. */
const PNG_DATA_URL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

describe('editing my profile', () => {
  const testApp = useTestApp();

  it('changes username, bio and picture, and shows them on the profile', async () => {
    const ann = await signIn(testApp().app, { email: 'ann@example.com', username: 'ann' });
    const upload = await ann.post('/api/uploads', { dataUrl: PNG_DATA_URL });
    expect(upload.status).toBe(201);
    const res = await ann.request('PATCH', '/api/auth/user', {
      username: '  Ann.Kicks_1 ',
      bio: 'Jordans only',
      profileImageUrl: upload.body.imageUrl,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ username: 'Ann.Kicks_1', bio: 'Jordans only', profileImageUrl: upload.body.imageUrl, email: 'ann@example.com' });
    const seen = await (await signIn(testApp().app, { email: 'viewer@example.com' })).get(`/api/users/${ann.user.id}`);
    expect(seen.body).toMatchObject({ username: 'Ann.Kicks_1', bio: 'Jordans only', profileImageUrl: upload.body.imageUrl });

    const cleared = await ann.request('PATCH', '/api/auth/user', { bio: '   ', profileImageUrl: null });
    expect(cleared.body).toMatchObject({ username: 'Ann.Kicks_1', bio: null, profileImageUrl: null });
  });

  it('refuses a username another member holds in any case, but lets me change the case of mine', async () => {
    const ben = await signIn(testApp().app, { email: 'ben@example.com', username: 'bensneaks' });
    const cy = await signIn(testApp().app, { email: 'cy@example.com', username: 'cy_' });
    const taken = await cy.request('PATCH', '/api/auth/user', { username: 'BenSneaks' });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'CONFLICT', fields: { username: USERNAME_TAKEN_MESSAGE } });
    expect((await ben.request('PATCH', '/api/auth/user', { username: 'BenSneaks' })).body.username).toBe('BenSneaks');
  });

  it('refuses unknown fields, protected fields, bad usernames, long bios and foreign pictures', async () => {
    const dee = await signIn(testApp().app, { email: 'dee@example.com', username: 'dee' });
    const patch = (body: unknown) => dee.request('PATCH', '/api/auth/user', body);
    for (const field of [
      { reputation: '5.00' },
      { isPremiumMember: true },
      { role: 'admin' },
      { totalTrades: 99 },
      { email: 'x@y.z' },
      { nickname: 'x' },
    ]) {
      const res = await patch({ bio: 'hi', ...field });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    for (const username of ['ab', 'a'.repeat(31), 'has space', 'dash-ed', 'émile']) {
      const res = await patch({ username });
      expect(res.status).toBe(400);
      expect(res.body.fields.username).toBe(USERNAME_RULE_MESSAGE);
    }
    expect((await patch({ bio: 'x'.repeat(BIO_MAX + 1) })).status).toBe(400);
    expect((await patch({ bio: 'x'.repeat(BIO_MAX) })).status).toBe(200);
    expect((await patch({ profileImageUrl: 'https://evil.example/me.png' })).status).toBe(400);
    // The right shape, but nothing our upload endpoint stored.
    expect((await patch({ profileImageUrl: '/uploads/ab/abcdef0123456789abcdef0123456789.webp' })).status).toBe(400);
    const me = await dee.get('/api/auth/user');
    expect(me.body).toMatchObject({ username: 'dee', reputation: '0.00', isPremiumMember: false, role: 'member', totalTrades: 0 });
  });

  it('answers 401 to a visitor', async () => {
    const res = await new TestClient(testApp().app).request('PATCH', '/api/auth/user', { bio: 'hi' });
    expect(res.status).toBe(401);
  });
});
