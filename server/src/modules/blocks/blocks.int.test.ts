import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BLOCKED_MESSAGE } from '@soleswap/contracts/blocks';
import { tradeEvents } from '../../db/schema/index';
import { buildSneaker, buildTrade } from '../../../test/factories';
import { TestClient, signIn, useTestApp } from '../../../test/test-app';
import { expectLedgerValidAfterAll, memberWithSneakers, proposal } from '../trades/trades.int-helpers';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('blocking a member', () => {
  const testApp = useTestApp();
  expectLedgerValidAfterAll(testApp);

  it('blocks once, lists whom I block, tells only me, and unblocks', async () => {
    const ann = await memberWithSneakers(testApp(), 'ann', 0);
    const ben = await memberWithSneakers(testApp(), 'ben', 0);
    expect((await ann.post(`/api/users/${ben.user.id}/block`)).body).toEqual({ blocked: true });
    expect((await ann.post(`/api/users/${ben.user.id}/block`)).body).toEqual({ blocked: true });
    expect((await ann.get(`/api/users/${ben.user.id}/block`)).body).toEqual({ blocked: true });
    // Ben's own status says whether *he* blocks Ann: it reveals nothing about her block.
    expect((await ben.get(`/api/users/${ann.user.id}/block`)).body).toEqual({ blocked: false });

    const mine = await ann.get('/api/users/me/blocks');
    expect(mine.status).toBe(200);
    expect(mine.body.items).toHaveLength(1);
    expect(mine.body.items[0].member).toMatchObject({ id: ben.user.id, username: ben.user.username });
    expect(mine.body.items[0].member.email).toBeUndefined();
    expect(mine.body.nextCursor).toBeNull();
    expect((await ben.get('/api/users/me/blocks')).body.items).toEqual([]);

    expect((await ann.delete(`/api/users/${ben.user.id}/block`)).body).toEqual({ blocked: false });
    expect((await ann.delete(`/api/users/${ben.user.id}/block`)).body).toEqual({ blocked: false });
    expect((await ann.get('/api/users/me/blocks')).body.items).toEqual([]);
  });

  it('pages the block list newest first with a bounded page size', async () => {
    const cat = await memberWithSneakers(testApp(), 'cat', 0);
    const others = [];
    for (let i = 0; i < 3; i++) others.push(await memberWithSneakers(testApp(), `other${i}`, 0));
    for (const other of others) await cat.post(`/api/users/${other.user.id}/block`);
    const first = await cat.get('/api/users/me/blocks?limit=2');
    expect(first.body.items.map((b: { member: { id: string } }) => b.member.id)).toEqual([others[2]!.user.id, others[1]!.user.id]);
    const second = await cat.get(`/api/users/me/blocks?limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body.items.map((b: { member: { id: string } }) => b.member.id)).toEqual([others[0]!.user.id]);
    expect(second.body.nextCursor).toBeNull();
    expect((await cat.get('/api/users/me/blocks?limit=51')).status).toBe(400);
    expect((await cat.get('/api/users/me/blocks?cursor=abc')).status).toBe(400);
  });

  it('refuses blocking yourself, unknown members and visitors', async () => {
    const dan = await memberWithSneakers(testApp(), 'dan', 0);
    const self = await dan.post(`/api/users/${dan.user.id}/block`);
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('You cannot block yourself');
    expect((await dan.post(`/api/users/${UNKNOWN}/block`)).status).toBe(404);
    expect((await dan.delete('/api/users/not-a-uuid/block')).status).toBe(404);
    const visitor = new TestClient(testApp().app);
    expect((await visitor.post(`/api/users/${dan.user.id}/block`)).status).toBe(401);
    expect((await visitor.delete(`/api/users/${dan.user.id}/block`)).status).toBe(401);
    expect((await visitor.get(`/api/users/${dan.user.id}/block`)).status).toBe(401);
    expect((await visitor.get('/api/users/me/blocks')).status).toBe(401);
  });

  it('lets an admin block like any member, and shows an admin only their own list', async () => {
    const boss = await signIn(testApp().app, { email: 'boss@soleswap.local', username: 'boss', role: 'admin' });
    const eve = await memberWithSneakers(testApp(), 'eve', 0);
    const fay = await memberWithSneakers(testApp(), 'fay', 0);
    await fay.post(`/api/users/${eve.user.id}/block`);
    expect(boss.user.role).toBe('admin');
    expect((await boss.post(`/api/users/${eve.user.id}/block`)).status).toBe(200);
    const list = await boss.get('/api/users/me/blocks');
    expect(list.body.items.map((b: { member: { id: string } }) => b.member.id)).toEqual([eve.user.id]);
  });
});

describe('what a block stops, either way', () => {
  const testApp = useTestApp();
  expectLedgerValidAfterAll(testApp);

  it('stops proposals, counter-offers and follows, and a stranger is not affected', async () => {
    const gil = await memberWithSneakers(testApp(), 'gil');
    const hal = await memberWithSneakers(testApp(), 'hal');
    const ivy = await memberWithSneakers(testApp(), 'ivy');
    await gil.post(`/api/users/${hal.user.id}/block`);

    for (const [from, to] of [
      [gil, hal],
      [hal, gil],
    ] as const) {
      const proposed = await from.post('/api/trades', proposal(from, to));
      expect(proposed.status).toBe(403);
      expect(proposed.body).toMatchObject({ code: 'BLOCKED', message: BLOCKED_MESSAGE });
      const followed = await from.post(`/api/users/${to.user.id}/follow`);
      expect(followed.status).toBe(403);
      expect(followed.body.code).toBe('BLOCKED');
    }

    // A pending trade the block did not see (written behind its back): countering it is refused too.
    const sneaky = await buildTrade(testApp().ctx, {
      proposerId: gil.user.id,
      receiverId: hal.user.id,
      proposerSneakerIds: [gil.sneakers[0]!.id],
      receiverSneakerIds: [hal.sneakers[0]!.id],
    });
    const countered = await hal.post(`/api/trades/${sneaky.id}/counter`, {
      proposerSneakerIds: [hal.sneakers[1]!.id],
      receiverSneakerIds: [gil.sneakers[1]!.id],
    });
    expect(countered.status).toBe(403);
    expect(countered.body.code).toBe('BLOCKED');
    expect((await hal.get(`/api/trades/${sneaky.id}`)).body.status).toBe('pending');

    // Ivy is a stranger to the block: she trades and follows both as usual.
    expect((await ivy.post('/api/trades', proposal(ivy, gil))).status).toBe(201);
    expect((await ivy.post(`/api/users/${hal.user.id}/follow`)).status).toBe(200);

    // Once unblocked, they can trade again.
    await gil.delete(`/api/users/${hal.user.id}/block`);
    expect((await hal.post('/api/trades', proposal(hal, gil, { give: [hal.sneakers[1]!.id], take: [gil.sneakers[1]!.id] }))).status).toBe(201);
  });

  it('cancels their pending proposals as the system, drops their follows, and leaves other trades alone', async () => {
    const jo = await memberWithSneakers(testApp(), 'jo', 3);
    const kim = await memberWithSneakers(testApp(), 'kim', 3);
    const lee = await memberWithSneakers(testApp(), 'lee', 1);
    const toKim = await jo.post('/api/trades', proposal(jo, kim));
    const toJo = await kim.post('/api/trades', proposal(kim, jo, { give: [kim.sneakers[1]!.id], take: [jo.sneakers[1]!.id] }));
    const withLee = await jo.post('/api/trades', proposal(jo, lee, { give: [jo.sneakers[2]!.id] }));
    await jo.post(`/api/users/${kim.user.id}/follow`);
    await kim.post(`/api/users/${jo.user.id}/follow`);

    expect((await kim.post(`/api/users/${jo.user.id}/block`)).status).toBe(200);

    for (const id of [toKim.body.id, toJo.body.id]) {
      const trade = await jo.get(`/api/trades/${id}`);
      expect(trade.body.status).toBe('cancelled');
      const [event] = await testApp()
        .ctx.db.select()
        .from(tradeEvents)
        .where(and(eq(tradeEvents.tradeId, id), eq(tradeEvents.toStatus, 'cancelled')));
      expect(event).toMatchObject({ action: 'cancel', actorId: null, fromStatus: 'pending' });
    }
    expect((await jo.get(`/api/trades/${withLee.body.id}`)).body.status).toBe('pending');
    expect((await jo.get(`/api/users/${jo.user.id}/stats`)).body).toMatchObject({ followerCount: 0, followingCount: 0 });
  });

  it("hides each other's listings from browse and search, for the signed-in viewer only", async () => {
    const max = await memberWithSneakers(testApp(), 'max', 0);
    const ned = await memberWithSneakers(testApp(), 'ned', 0);
    const word = `zyxblock${Date.now()}`;
    const maxPair = await buildSneaker(testApp().ctx, { userId: max.user.id, name: `${word} Max` });
    const nedPair = await buildSneaker(testApp().ctx, { userId: ned.user.id, name: `${word} Ned` });
    const names = async (client: TestClient, path: string) =>
      ((await client.get(`${path}?q=${word}&limit=48`)).body as Array<{ id: number }>).map((s) => s.id);

    expect(await names(max, '/api/sneakers')).toEqual([nedPair.id]);
    await ned.post(`/api/users/${max.user.id}/block`);
    expect(await names(max, '/api/sneakers')).toEqual([]);
    expect(await names(ned, '/api/sneakers')).toEqual([]);
    expect(await names(max, '/api/sneakers/public')).toEqual([maxPair.id]);
    expect(await names(ned, '/api/sneakers/public')).toEqual([nedPair.id]);
    // A visitor is nobody's block: the public list shows both.
    expect((await names(new TestClient(testApp().app), '/api/sneakers/public')).sort()).toEqual([maxPair.id, nedPair.id].sort());
  });
});
