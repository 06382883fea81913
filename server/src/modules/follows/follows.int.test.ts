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

describe('follower and following lists', () => {
  const testApp = useTestApp();

  it('lists followers and following newest first, with follower counts, in bounded pages', async () => {
    const star = await signIn(testApp().app, { email: 'star@example.com', username: 'star' });
    const fans = [];
    for (const name of ['fan1', 'fan2', 'fan3']) fans.push(await signIn(testApp().app, { email: `${name}@example.com`, username: name }));
    for (const fan of fans) await fan.post(`/api/users/${star.user.id}/follow`);
    await fans[0]!.post(`/api/users/${fans[1]!.user.id}/follow`);

    const first = await fans[2]!.get(`/api/users/${star.user.id}/followers?limit=2`);
    expect(first.status).toBe(200);
    expect(first.body.items.map((e: { member: { username: string } }) => e.member.username)).toEqual(['fan3', 'fan2']);
    expect(first.body.items[1]).toMatchObject({ followerCount: 1, member: { id: fans[1]!.user.id } });
    expect(first.body.items[0].member.email).toBeUndefined();
    const second = await fans[2]!.get(`/api/users/${star.user.id}/followers?limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body).toMatchObject({ items: [{ member: { username: 'fan1' } }], nextCursor: null });

    const following = await star.get(`/api/users/${fans[0]!.user.id}/following`);
    expect(following.body.items.map((e: { member: { username: string }; followerCount: number }) => [e.member.username, e.followerCount])).toEqual([
      ['fan2', 1],
      ['star', 3],
    ]);
    expect((await star.get(`/api/users/${star.user.id}/following`)).body).toEqual({ items: [], nextCursor: null });
  });

  it('refuses visitors, unknown members, bad cursors and oversized pages; admins read like members', async () => {
    const amy = await signIn(testApp().app, { email: 'amy@example.com', username: 'amy' });
    const boss = await signIn(testApp().app, { email: 'boss@example.com', username: 'boss', role: 'admin' });
    await boss.post(`/api/users/${amy.user.id}/follow`);
    const visitor = new TestClient(testApp().app);
    expect((await visitor.get(`/api/users/${amy.user.id}/followers`)).status).toBe(401);
    expect((await visitor.get(`/api/users/${amy.user.id}/following`)).status).toBe(401);
    expect((await amy.get('/api/users/00000000-0000-4000-8000-000000000000/followers')).status).toBe(404);
    expect((await amy.get(`/api/users/${amy.user.id}/followers?cursor=-1`)).status).toBe(400);
    expect((await amy.get(`/api/users/${amy.user.id}/followers?limit=500`)).status).toBe(400);
    expect((await boss.get(`/api/users/${amy.user.id}/followers`)).body.items[0].member.id).toBe(boss.user.id);
  });

  it('emits follow.created once, after the follow is stored', async () => {
    const ctx = testApp().ctx;
    const seen: Array<{ followerId: string; followingId: string }> = [];
    ctx.events.on('follow.created', (payload) => {
      seen.push(payload);
    });
    const zed = await signIn(testApp().app, { email: 'zed@example.com', username: 'zed' });
    const yan = await signIn(testApp().app, { email: 'yan@example.com', username: 'yan' });
    await zed.post(`/api/users/${yan.user.id}/follow`);
    await zed.post(`/api/users/${yan.user.id}/follow`);
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toEqual([{ followerId: zed.user.id, followingId: yan.user.id }]);
  });
});
