import { describe, expect, it } from 'vitest';
import { TestClient, signIn, useTestApp } from '../../../test/test-app';

describe('follows', () => {
  const testApp = useTestApp();

  it('follows once, counts the follower, and unfollows', async () => {
    const ann = await signIn(testApp().app, { email: 'ann@example.com', username: 'ann' });
    const ben = await signIn(testApp().app, { email: 'ben@example.com', username: 'ben' });
    expect((await ann.post(`/api/users/${ben.user.id}/follow`)).body).toEqual({ following: true });
    expect((await ann.post(`/api/users/${ben.user.id}/follow`)).status).toBe(200);
    expect((await ann.get(`/api/users/${ben.user.id}/stats`)).body.followerCount).toBe(1);
    expect((await ann.get(`/api/users/${ann.user.id}/stats`)).body.followingCount).toBe(1);
    expect((await ann.get(`/api/users/${ben.user.id}/follow`)).body).toEqual({ following: true });
    expect((await ann.delete(`/api/users/${ben.user.id}/follow`)).body).toEqual({ following: false });
    expect((await ann.get(`/api/users/${ben.user.id}/stats`)).body.followerCount).toBe(0);
  });

  it('refuses following yourself, an unknown member, or following while signed out', async () => {
    const cat = await signIn(testApp().app, { email: 'cat@example.com' });
    const self = await cat.post(`/api/users/${cat.user.id}/follow`);
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('You cannot follow yourself');
    expect((await cat.post('/api/users/00000000-0000-4000-8000-000000000000/follow')).status).toBe(404);
    expect((await new TestClient(testApp().app).post(`/api/users/${cat.user.id}/follow`)).status).toBe(401);
  });
});

describe('unfollow of an unknown member', () => {
  const testApp = useTestApp();

  it('answers 404 for a malformed or unknown id', async () => {
    const dan = await signIn(testApp().app, { email: 'dan@example.com' });
    expect((await dan.delete('/api/users/not-a-uuid/follow')).status).toBe(404);
    expect((await dan.delete('/api/users/00000000-0000-4000-8000-000000000000/follow')).status).toBe(404);
  });
});
