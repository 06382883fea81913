import { HOUR_MS } from '@soleswap/contracts/time';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { liveEvents } from '../../db/schema/index';
import { buildSneaker, buildTrade, buildUser } from '../../../test/factories';
import { TestClient, signIn, useTestApp } from '../../../test/test-app';
import { memberWithSneakers, proposal } from '../trades/trades.int-helpers';
import { createNotifications } from './create-notifications';
import { kindsOf, notificationsOf } from './notifications.int-helpers';
import { notifyShipDeadlines } from './notify-ship-deadlines';

let sequence = 0;

const sneaker = (name: string) => ({
  name,
  brand: 'Jordan',
  model: 'Air Jordan 4',
  size: '10',
  condition: '9',
  estimatedValue: '250',
  isAvailableForTrade: true,
});

describe('notifications API', () => {
  const testApp = useTestApp();
  const member = (name: string) => {
    const tag = `${++sequence}${Date.now() % 100000}`;
    return signIn(testApp().app, { email: `${name}-${tag}@example.com`, username: `${name}${tag}` });
  };

  it('answers visitors 401 on every endpoint', async () => {
    const visitor = new TestClient(testApp().app);
    expect((await visitor.get('/api/notifications')).status).toBe(401);
    expect((await visitor.post('/api/notifications/read', { all: true })).status).toBe(401);
    expect((await visitor.get('/api/notifications/preferences')).status).toBe(401);
    expect((await visitor.put('/api/notifications/preferences', { kinds: {} })).status).toBe(401);
  });

  it('pages newest first with a bounded limit and an unread count; bad input is a 400', async () => {
    const alice = await member('alice');
    await createNotifications(
      testApp().ctx,
      [1, 2, 3, 4, 5].map((tradeId) => ({ userId: alice.user.id, kind: 'trade.proposed' as const, payload: { tradeId } })),
    );
    const first = await notificationsOf(testApp(), alice, '?limit=2');
    expect(first.items.map((i) => i.text)).toEqual(['Someone proposed a trade (#5)', 'Someone proposed a trade (#4)']);
    expect(first.unreadCount).toBe(5);
    const second = await notificationsOf(testApp(), alice, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((i) => i.text)).toEqual(['Someone proposed a trade (#3)', 'Someone proposed a trade (#2)']);
    const last = await notificationsOf(testApp(), alice, `?limit=2&cursor=${second.nextCursor}`);
    expect(last.items.map((i) => i.text)).toEqual(['Someone proposed a trade (#1)']);
    expect(last.nextCursor).toBeNull();

    for (const query of ['?limit=0', '?limit=51', '?limit=x', '?cursor=abc', '?cursor=-1']) {
      const res = await alice.get(`/api/notifications${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
  });

  it("marks read only the caller's own, one by one or all; nobody reads another member's", async () => {
    const alice = await member('alice');
    const bob = await member('bob');
    await createNotifications(testApp().ctx, [
      { userId: alice.user.id, kind: 'trade.proposed', payload: { tradeId: 1 } },
      { userId: alice.user.id, kind: 'trade.accepted', payload: { tradeId: 1 } },
      { userId: bob.user.id, kind: 'trade.proposed', payload: { tradeId: 2 } },
    ]);
    const aliceIds = (await notificationsOf(testApp(), alice)).items.map((i) => i.id);
    const bobPage = await notificationsOf(testApp(), bob);
    expect(bobPage.items.map((i) => i.id).some((id) => aliceIds.includes(id))).toBe(false);

    // Bob cannot mark Alice's notification read.
    expect((await bob.post('/api/notifications/read', { ids: [aliceIds[0]] })).body).toEqual({ marked: 0, unreadCount: 1 });
    expect((await notificationsOf(testApp(), alice)).unreadCount).toBe(2);

    expect((await alice.post('/api/notifications/read', { ids: [aliceIds[0]] })).body).toEqual({ marked: 1, unreadCount: 1 });
    const after = await notificationsOf(testApp(), alice);
    expect(after.items.map((i) => i.isRead)).toEqual([true, false]);
    expect((await alice.post('/api/notifications/read', { all: true })).body).toEqual({ marked: 1, unreadCount: 0 });
    expect((await notificationsOf(testApp(), bob)).unreadCount).toBe(1);

    for (const body of [{}, { ids: [] }, { ids: ['x'] }, { all: false }, { ids: [1], all: true }]) {
      expect((await alice.post('/api/notifications/read', body)).status, JSON.stringify(body)).toBe(400);
    }
  });

  it("publishes notification.created and unread.changed to the recipient's live stream", async () => {
    const alice = await member('alice');
    const [stored] = await createNotifications(testApp().ctx, [{ userId: alice.user.id, kind: 'follow.created', payload: {} }]);
    const rows = await testApp().ctx.db.select().from(liveEvents).where(eq(liveEvents.userId, alice.user.id));
    expect(rows.map((r) => [r.kind, r.payload])).toEqual([
      ['notification.created', { notificationId: stored!.id, kind: 'follow.created' }],
      ['unread.changed', { notifications: 1 }],
    ]);
    await alice.post('/api/notifications/read', { all: true });
    const unread = await testApp()
      .ctx.db.select()
      .from(liveEvents)
      .where(and(eq(liveEvents.userId, alice.user.id), eq(liveEvents.kind, 'unread.changed')));
    expect(unread.at(-1)!.payload).toEqual({ notifications: 0 });
  });

  it('preferences switch a kind off for that member only; unknown kinds are a 400', async () => {
    const alice = await memberWithSneakers(testApp(), 'alice', 2);
    const bob = await memberWithSneakers(testApp(), 'bob', 2);
    const defaults = (await bob.get('/api/notifications/preferences')).body;
    expect(Object.values(defaults.kinds).every(Boolean)).toBe(true);

    const saved = await bob.put('/api/notifications/preferences', { kinds: { 'trade.proposed': false } });
    expect(saved.status).toBe(200);
    expect(saved.body.kinds).toMatchObject({ 'trade.proposed': false, 'trade.accepted': true });
    expect((await bob.get('/api/notifications/preferences')).body).toEqual(saved.body);

    const trade = (await alice.post('/api/trades', proposal(alice, bob))).body;
    expect(await kindsOf(testApp(), bob)).toEqual([]);
    await bob.post(`/api/trades/${trade.id}/accept`);
    expect(await kindsOf(testApp(), alice)).toEqual(['trade.accepted']);

    // Switching it back on: later proposals arrive again.
    await bob.put('/api/notifications/preferences', { kinds: { 'trade.proposed': true } });
    await alice.post('/api/trades', proposal(alice, bob, { give: [alice.sneakers[1]!.id], take: [bob.sneakers[1]!.id] }));
    expect(await kindsOf(testApp(), bob)).toEqual(['trade.proposed']);

    expect((await bob.put('/api/notifications/preferences', { kinds: { 'trade.bogus': false } })).status).toBe(400);
    expect((await bob.put('/api/notifications/preferences', { kinds: { 'trade.proposed': 'no' } })).status).toBe(400);
  });

  it('a new follower is announced once, with a link to their profile', async () => {
    const alice = await member('alice');
    const bob = await member('bob');
    await alice.post(`/api/users/${bob.user.id}/follow`);
    await alice.delete(`/api/users/${bob.user.id}/follow`);
    await alice.post(`/api/users/${bob.user.id}/follow`);
    const page = await notificationsOf(testApp(), bob);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      kind: 'follow.created',
      text: `${alice.user.username} started following you`,
      link: `/profile/${alice.user.id}`,
    });
  });

  it('followers hear of new listings at most once a day, unless they switched it off', async () => {
    const lister = await member('lister');
    const fan = await member('fan');
    const quiet = await member('quiet');
    await fan.post(`/api/users/${lister.user.id}/follow`);
    await quiet.post(`/api/users/${lister.user.id}/follow`);
    await quiet.put('/api/notifications/preferences', { kinds: { 'sneaker.created': false } });

    expect((await lister.post('/api/sneakers', sneaker('First pair'))).status).toBe(201);
    expect((await lister.post('/api/sneakers', sneaker('Second pair'))).status).toBe(201);

    const fanPage = await notificationsOf(testApp(), fan);
    expect(fanPage.items).toHaveLength(1);
    expect(fanPage.items[0]).toMatchObject({
      kind: 'sneaker.created',
      text: `${lister.user.username} listed a new sneaker: First pair`,
      link: `/profile/${lister.user.id}`,
    });
    expect(await kindsOf(testApp(), quiet)).toEqual([]);
    // The lister's new follower notifications are all they got.
    expect(await kindsOf(testApp(), lister)).toEqual(['follow.created', 'follow.created']);

    // The next day brings the next one.
    const { ctx } = testApp();
    const realNow = ctx.now;
    ctx.now = () => new Date(Date.now() + 24 * HOUR_MS);
    try {
      await lister.post('/api/sneakers', sneaker('Third pair'));
      expect(await kindsOf(testApp(), fan)).toEqual(['sneaker.created', 'sneaker.created']);
    } finally {
      ctx.now = realNow;
    }
  });

  it('a burst of messages in one thread is one unread notification; after reading, the next starts a new one', async () => {
    const { ctx } = testApp();
    const alice = await member('alice');
    const bob = await member('bob');
    for (let messageId = 1; messageId <= 3; messageId++) {
      ctx.events.emit('message.created', { tradeId: 77, conversationId: null, messageId, senderId: alice.user.id, recipientIds: [bob.user.id] });
    }
    ctx.events.emit('message.created', { tradeId: 78, conversationId: null, messageId: 4, senderId: alice.user.id, recipientIds: [bob.user.id] });
    const page = await notificationsOf(testApp(), bob);
    expect(page.unreadCount).toBe(2);
    expect(page.items.find((i) => i.link === '/trades?trade=77')).toMatchObject({
      count: 3,
      text: `3 new messages from ${alice.user.username} in trade #77`,
    });
    expect(await kindsOf(testApp(), alice)).toEqual([]);

    await bob.post('/api/notifications/read', { all: true });
    ctx.events.emit('message.created', { tradeId: 77, conversationId: null, messageId: 5, senderId: alice.user.id, recipientIds: [bob.user.id] });
    const next = await notificationsOf(testApp(), bob);
    expect(next.unreadCount).toBe(1);
    expect(next.items[0]).toMatchObject({ count: 1, isRead: false, text: `New message from ${alice.user.username} in trade #77` });
  });

  it('messages from many senders at once each reach their recipient, except one who muted them or blocked the sender', async () => {
    const { ctx } = testApp();
    const ann = await member('ann');
    const ben = await member('ben');
    const cat = await member('cat');
    const dan = await member('dan');
    const eve = await member('eve');
    await dan.put('/api/notifications/preferences', { kinds: { 'message.created': false } });
    await eve.post(`/api/users/${ann.user.id}/block`);
    // Emitted in one turn of the event loop: stored together.
    const told = [ben, cat, dan, eve, ben, cat];
    told.forEach((to, i) =>
      ctx.events.emit('message.created', {
        tradeId: null,
        conversationId: 900 + i,
        messageId: i + 1,
        senderId: ann.user.id,
        recipientIds: [to.user.id],
      }),
    );
    ctx.events.emit('message.created', { tradeId: null, conversationId: 900, messageId: 7, senderId: ben.user.id, recipientIds: [ann.user.id] });
    expect((await notificationsOf(testApp(), ben)).items.map((n) => n.text)).toEqual([
      `New message from ${ann.user.username}`,
      `New message from ${ann.user.username}`,
    ]);
    expect((await notificationsOf(testApp(), cat)).unreadCount).toBe(2);
    expect(await kindsOf(testApp(), dan)).toEqual([]);
    expect(await kindsOf(testApp(), eve)).toEqual([]);
    expect((await notificationsOf(testApp(), ann)).items.map((n) => n.text)).toEqual([`New message from ${ben.user.username}`]);
  });

  it('warns a side that has not shipped 24 hours before its deadline, once', async () => {
    const { ctx } = testApp();
    const shipped = await buildUser(ctx);
    const late = await buildUser(ctx);
    const a = await buildSneaker(ctx, { userId: shipped.id });
    const b = await buildSneaker(ctx, { userId: late.id });
    const soon = await buildTrade(ctx, {
      proposerId: shipped.id,
      receiverId: late.id,
      proposerSneakerIds: [a.id],
      receiverSneakerIds: [b.id],
      status: 'accepted',
      shipBy: new Date(ctx.now().getTime() + 23 * HOUR_MS),
      proposerShippedAt: ctx.now(),
    });
    const c = await buildSneaker(ctx, { userId: shipped.id });
    const d = await buildSneaker(ctx, { userId: late.id });
    await buildTrade(ctx, {
      proposerId: shipped.id,
      receiverId: late.id,
      proposerSneakerIds: [c.id],
      receiverSneakerIds: [d.id],
      status: 'accepted',
      shipBy: new Date(ctx.now().getTime() + 30 * HOUR_MS),
    });

    await notifyShipDeadlines(ctx);
    await notifyShipDeadlines(ctx);
    const rows = await ctx.db.query.notifications.findMany({ where: (t, { inArray }) => inArray(t.userId, [shipped.id, late.id]) });
    expect(rows.map((r) => [r.userId, r.kind, (r.payload as { tradeId: number }).tradeId])).toEqual([[late.id, 'trade.deadline-near', soon.id]]);
  });
});
