import { describe, expect, it } from 'vitest';
import { tradeRatings } from '../../db/schema/index';
import { buildSneaker, buildTrade } from '../../../test/factories';
import { TestClient, signIn, useTestApp } from '../../../test/test-app';

describe("a member's trade history", () => {
  const testApp = useTestApp();

  async function scene() {
    const ctx = testApp().ctx;
    const tag = Math.random().toString(36).slice(2, 8);
    const ann = await signIn(testApp().app, { email: `ann-${tag}@example.com`, username: `ann${tag}` });
    const ben = await signIn(testApp().app, { email: `ben-${tag}@example.com`, username: `ben${tag}` });
    const annPair = await buildSneaker(ctx, { userId: ann.user.id, name: 'Dunk Low Panda', size: 'US 9' });
    const benPair = await buildSneaker(ctx, { userId: ben.user.id, name: 'Samba OG' });
    const older = await buildTrade(ctx, {
      proposerId: ann.user.id,
      receiverId: ben.user.id,
      proposerSneakerIds: [annPair.id],
      receiverSneakerIds: [benPair.id],
      status: 'completed',
      escrowStatus: 'released',
      proposerMessage: 'secret note',
      proposerTrackingNumber: '1Z999',
      completedAt: new Date('2025-02-01T10:00:00Z'),
    });
    const newer = await buildTrade(ctx, {
      proposerId: ben.user.id,
      receiverId: ann.user.id,
      proposerSneakerIds: [benPair.id],
      receiverSneakerIds: [annPair.id],
      status: 'completed',
      escrowStatus: 'released',
      completedAt: new Date('2025-03-01T10:00:00Z'),
    });
    // Trades that did not complete are not history.
    await buildTrade(ctx, { proposerId: ann.user.id, receiverId: ben.user.id, proposerSneakerIds: [annPair.id], receiverSneakerIds: [benPair.id] });
    await buildTrade(ctx, {
      proposerId: ann.user.id,
      receiverId: ben.user.id,
      proposerSneakerIds: [annPair.id],
      receiverSneakerIds: [benPair.id],
      status: 'cancelled',
    });
    await ctx.db.insert(tradeRatings).values([
      { tradeId: older.id, raterId: ann.user.id, rateeId: ben.user.id, score: 5, comment: 'private words' },
      { tradeId: older.id, raterId: ben.user.id, rateeId: ann.user.id, score: 4 },
    ]);
    return { ann, ben, annPair, benPair, older, newer };
  }

  it('lists completed trades newest first from the member’s side, with only the public part', async () => {
    const { ann, ben, annPair, benPair, older, newer } = await scene();
    const stranger = await signIn(testApp().app, { email: `s-${older.id}@example.com` });
    const res = await stranger.get(`/api/users/${ann.user.id}/trades/history`);
    expect(res.status).toBe(200);
    expect(res.body.items.map((e: { tradeId: number }) => e.tradeId)).toEqual([newer.id, older.id]);
    expect(res.body.items[1]).toEqual({
      tradeId: older.id,
      completedAt: '2025-02-01T10:00:00.000Z',
      counterparty: expect.objectContaining({ id: ben.user.id, username: ben.user.username }),
      gave: [{ id: annPair.id, name: 'Dunk Low Panda', brand: 'Jordan', size: 'US 9', imageUrl: null }],
      received: [expect.objectContaining({ id: benPair.id, name: 'Samba OG' })],
      ratingGiven: 5,
      ratingReceived: 4,
    });
    expect(res.body.items[0]).toMatchObject({ ratingGiven: null, ratingReceived: null, gave: [{ id: annPair.id }] });
    const text = JSON.stringify(res.body);
    for (const secret of ['secret note', '1Z999', 'private words', '@example.com']) expect(text).not.toContain(secret);

    const fromBen = await ben.get(`/api/users/${ben.user.id}/trades/history`);
    expect(fromBen.body.items[1]).toMatchObject({ ratingGiven: 4, ratingReceived: 5, gave: [{ id: benPair.id }] });
  });

  it('pages with a cursor and refuses a tampered one', async () => {
    const { ann, older, newer } = await scene();
    const first = await ann.get(`/api/users/${ann.user.id}/trades/history?limit=1`);
    expect(first.body.items.map((e: { tradeId: number }) => e.tradeId)).toEqual([newer.id]);
    const second = await ann.get(`/api/users/${ann.user.id}/trades/history?limit=1&cursor=${first.body.nextCursor}`);
    expect(second.body).toMatchObject({ items: [{ tradeId: older.id }], nextCursor: null });
    expect((await ann.get(`/api/users/${ann.user.id}/trades/history?cursor=bogus`)).status).toBe(400);
    expect((await ann.get(`/api/users/${ann.user.id}/trades/history?limit=0`)).status).toBe(400);
  });

  it('is for members: visitors 401, unknown members 404, admins and blocked members read it like anyone', async () => {
    const { ann, ben } = await scene();
    const visitor = new TestClient(testApp().app);
    expect((await visitor.get(`/api/users/${ann.user.id}/trades/history`)).status).toBe(401);
    expect((await ann.get('/api/users/00000000-0000-4000-8000-000000000000/trades/history')).status).toBe(404);
    const boss = await signIn(testApp().app, { email: `boss-${ann.user.id}@example.com`, role: 'admin' });
    expect((await boss.get(`/api/users/${ann.user.id}/trades/history`)).body.items).toHaveLength(2);
    await ann.post(`/api/users/${ben.user.id}/block`);
    expect((await ben.get(`/api/users/${ann.user.id}/trades/history`)).body.items).toHaveLength(2);
  });
});
