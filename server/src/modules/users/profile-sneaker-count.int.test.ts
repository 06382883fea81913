import { describe, expect, it } from 'vitest';
import { buildSneaker } from '../../../test/factories';
import { TestClient, signIn, useTestApp } from '../../../test/test-app';

describe("a profile's sneaker count", () => {
  const testApp = useTestApp();

  it('counts the pairs the viewer can see: the listed ones for others, every one for the owner', async () => {
    const owner = await signIn(testApp().app, { email: 'count-owner@example.com', username: 'count_owner' });
    const other = await signIn(testApp().app, { email: 'count-other@example.com', username: 'count_other' });
    for (let i = 0; i < 5; i++) await buildSneaker(testApp().ctx, { userId: owner.user.id });
    await buildSneaker(testApp().ctx, { userId: owner.user.id, isAvailableForTrade: false });

    // What another member's profile tab lists, and what its header now counts.
    const listed = await other.get(`/api/sneakers/user/${owner.user.id}`);
    expect(listed.body).toHaveLength(5);
    expect((await other.get(`/api/users/${owner.user.id}/stats`)).body.sneakerCount).toBe(5);
    expect((await new TestClient(testApp().app).get(`/api/users/${owner.user.id}/stats`)).body.sneakerCount).toBe(5);

    // The owner sees and counts the hidden pair too.
    expect((await owner.get(`/api/sneakers/user/${owner.user.id}`)).body).toHaveLength(6);
    expect((await owner.get(`/api/users/${owner.user.id}/stats`)).body.sneakerCount).toBe(6);
  });
});
