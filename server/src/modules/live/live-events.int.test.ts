import { DAY_MS } from '@soleswap/contracts/time';
import { randomBytes } from 'node:crypto';
import { eq, lte, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { LiveEventPayloads } from '@soleswap/contracts/live';
import { liveEvents } from '../../db/schema/index';
import { createTestApp, signIn, TestClient, useTestApp, type TestApp } from '../../../test/test-app';
import { memberWithSneakers, proposal } from '../trades/trades.int-helpers';
import { NOTIFY_IDS_PER_MESSAGE } from './live-config';
import { publishLiveEvent, publishLiveEvents } from './publish-live-event';
import { domainEvents, listenOnce, openSse, type SseConnection, type SseMessage } from './sse.int-helpers';
import { sweepLiveEvents } from './sweep-live-events';

describe('the live event stream', () => {
  const testApp = useTestApp();
  const open: SseConnection[] = [];
  afterEach(() => open.splice(0).forEach((c) => c.close()));

  async function stream(client: { cookie?: string }, options: { lastEventId?: number | string; query?: string } = {}) {
    const connection = await openSse(await listenOnce(testApp().app), { cookie: client.cookie, ...options });
    open.push(connection);
    return connection;
  }

  async function member(name: string) {
    const tag = randomBytes(3).toString('hex');
    return signIn(testApp().app, { email: `${name}-${tag}@example.com`, username: `${name}-${tag}` });
  }

  /** An unread-count event for one member, committed on its own. */
  async function publishUnread(userId: string, messages: number): Promise<number> {
    const payload: LiveEventPayloads['unread.changed'] = { messages };
    const [id] = await testApp().ctx.db.transaction((tx) => publishLiveEvent(tx, { userIds: [userId], kind: 'unread.changed', payload }));
    return id!;
  }

  const isUnread = (messages: number) => (m: SseMessage) => m.event === 'unread.changed' && m.data?.payload.messages === messages;
  const idsOf = (connection: SseConnection) => domainEvents(connection).map((m) => Number(m.id));

  it('refuses a visitor with 401 and a malformed Last-Event-ID with 400', async () => {
    const visitor = await new TestClient(testApp().app).get('/api/events');
    expect(visitor.status).toBe(401);
    expect(visitor.body.code).toBe('UNAUTHENTICATED');

    const alice = await member('alice');
    const bad = await alice.get('/api/events', { 'last-event-id': 'yesterday' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED', fields: { lastEventId: expect.any(String) } });
    const badQuery = await alice.get('/api/events?lastEventId=-4');
    expect(badQuery.status).toBe(400);
  });

  it('pushes trade changes to both parties as they happen', async () => {
    const alice = await memberWithSneakers(testApp(), 'alice');
    const bob = await memberWithSneakers(testApp(), 'bob');
    const aliceStream = await stream(alice);
    const bobStream = await stream(bob);
    expect(bobStream.status).toBe(200);
    expect(bobStream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(bobStream.headers.get('x-accel-buffering')).toBe('no');
    expect(bobStream.headers.get('cache-control')).toContain('no-cache');
    await bobStream.waitFor((m) => m.event === 'ready');
    await aliceStream.waitFor((m) => m.event === 'ready');
    expect(bobStream.retries[0]).toBeGreaterThan(0);

    const proposed = await alice.post('/api/trades', proposal(alice, bob));
    expect(proposed.status).toBe(201);
    const tradeId = proposed.body.id;
    const seen = await bobStream.waitFor((m) => m.event === 'trade.changed' && m.data?.payload.tradeId === tradeId);
    expect(seen.data).toMatchObject({ kind: 'trade.changed', payload: { tradeId, status: 'pending', action: 'propose' } });
    expect(seen.id).toBe(String(seen.data?.id));

    const accepted = await bob.post(`/api/trades/${tradeId}/accept`);
    expect(accepted.status).toBe(200);
    const onAlice = await aliceStream.waitFor((m) => m.event === 'trade.changed' && m.data?.payload.status === 'accepted');
    expect(onAlice.data?.payload).toEqual({ tradeId, status: 'accepted', action: 'accept' });
  });

  it("never sends a member another member's events", async () => {
    const alice = await memberWithSneakers(testApp(), 'alice');
    const bob = await memberWithSneakers(testApp(), 'bob');
    const carol = await member('carol');
    const carolStream = await stream(carol);
    await carolStream.waitFor((m) => m.event === 'ready');

    const proposed = await alice.post('/api/trades', proposal(alice, bob));
    expect(proposed.status).toBe(201);
    await publishUnread(bob.user.id, 9);
    // Events reach a stream in commit order, so once carol's own (later) event is in, any of
    // the earlier ones meant for others would have arrived before it.
    const own = await publishUnread(carol.user.id, 1);
    await carolStream.waitFor(isUnread(1));
    expect(idsOf(carolStream)).toEqual([own]);
  });

  it('does not announce work that rolled back', async () => {
    const dave = await member('dave');
    const daveStream = await stream(dave);
    await daveStream.waitFor((m) => m.event === 'ready');
    await expect(
      testApp().ctx.db.transaction(async (tx) => {
        await publishLiveEvent(tx, { userIds: [dave.user.id], kind: 'unread.changed', payload: { messages: 99 } });
        throw new Error('the work failed');
      }),
    ).rejects.toThrow('the work failed');
    const committed = await publishUnread(dave.user.id, 1);
    await daveStream.waitFor(isUnread(1));
    expect(idsOf(daveStream)).toEqual([committed]);
  });

  it('on reconnecting with Last-Event-ID, sends exactly the events missed, then goes on live', async () => {
    const erin = await member('erin');
    const other = await member('other');
    const first = await stream(erin);
    await first.waitFor((m) => m.event === 'ready');
    const e1 = await publishUnread(erin.user.id, 1);
    await first.waitFor(isUnread(1));
    first.close();

    const e2 = await publishUnread(erin.user.id, 2);
    await publishUnread(other.user.id, 50);
    const e3 = await publishUnread(erin.user.id, 3);

    const resumed = await stream(erin, { lastEventId: e1 });
    const ready = await resumed.waitFor((m) => m.event === 'ready');
    expect(ready.id).toBe(String(e3));
    expect(idsOf(resumed)).toEqual([e2, e3]);
    const e4 = await publishUnread(erin.user.id, 4);
    await resumed.waitFor(isUnread(4));
    expect(idsOf(resumed)).toEqual([e2, e3, e4]);
    expect(resumed.messages.some((m) => m.event === 'resync')).toBe(false);

    // A client opening a new stream itself passes the id in the URL ...
    const byQuery = await stream(erin, { query: `?lastEventId=${e2}` });
    await byQuery.waitFor((m) => m.event === 'ready');
    expect(idsOf(byQuery)).toEqual([e3, e4]);
    // ... and the browser's own Last-Event-ID, sent on its automatic reconnect, wins over it.
    const both = await stream(erin, { lastEventId: e3, query: `?lastEventId=${e1}` });
    await both.waitFor((m) => m.event === 'ready');
    expect(idsOf(both)).toEqual([e4]);
  });

  it('delivers events committed concurrently for one member, each once and in order', async () => {
    const ivy = await member('ivy');
    const { ctx } = testApp();
    const live = await stream(ivy);
    await live.waitFor((m) => m.event === 'ready');
    // Parallel transactions that hold their ids a moment before committing, as busy requests do.
    const published = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        ctx.db.transaction(async (tx) => {
          const [id] = await publishLiveEvent(tx, { userIds: [ivy.user.id], kind: 'unread.changed', payload: { messages: 100 + i } });
          await tx.execute(sql`select pg_sleep(${(i % 3) * 0.01})`);
          return id!;
        }),
      ),
    );
    const expected = [...published].sort((a, b) => a - b);
    await live.waitFor((m) => Number(m.id) === expected.at(-1));
    const last = await publishUnread(ivy.user.id, 1);
    await live.waitFor(isUnread(1));
    expect(idsOf(live)).toEqual([...expected, last]);
  });

  it('delivers every event of a publication too large for one notification, in order', async () => {
    const kim = await member('kim');
    const { ctx } = testApp();
    const live = await stream(kim);
    await live.waitFor((m) => m.event === 'ready');
    const count = NOTIFY_IDS_PER_MESSAGE + 5;
    const events = Array.from({ length: count }, (_, i) => ({ userIds: [kim.user.id], kind: 'unread.changed' as const, payload: { messages: i } }));
    const ids = await ctx.db.transaction((tx) => publishLiveEvents(tx, events));
    expect(ids).toHaveLength(count);
    await live.waitFor(isUnread(count - 1));
    expect(idsOf(live)).toEqual(ids);
    expect(domainEvents(live).map((m) => m.data?.payload.messages)).toEqual(events.map((e) => e.payload.messages));
  });

  it("starts a first connection after the member's existing events, and a reconnect from there misses nothing", async () => {
    const fay = await member('fay');
    const before = await publishUnread(fay.user.id, 1);
    const first = await stream(fay);
    const ready = await first.waitFor((m) => m.event === 'ready');
    expect(ready.id).toBe(String(before));
    expect(idsOf(first)).toEqual([]);
    first.close();
    const missed = await publishUnread(fay.user.id, 2);
    const again = await stream(fay, { lastEventId: ready.id });
    await again.waitFor((m) => m.event === 'ready');
    expect(idsOf(again)).toEqual([missed]);
  });

  it('sweeps events older than a day, and tells a browser away that long to refetch', async () => {
    const gus = await member('gus');
    const { ctx } = testApp();
    const seen = await publishUnread(gus.user.id, 1);
    const missed = await publishUnread(gus.user.id, 2);
    // Two days pass for every event up to the missed one.
    const twoDaysAgo = new Date(ctx.now().getTime() - 2 * DAY_MS);
    await ctx.db.update(liveEvents).set({ createdAt: twoDaysAgo }).where(lte(liveEvents.id, missed));
    const kept = await publishUnread(gus.user.id, 3);

    await sweepLiveEvents(ctx);
    const left = await ctx.db.select({ id: liveEvents.id }).from(liveEvents).where(eq(liveEvents.userId, gus.user.id));
    expect(left.map((r) => r.id)).toEqual([kept]);

    const resumed = await stream(gus, { lastEventId: seen });
    await resumed.waitFor((m) => m.event === 'ready');
    expect(resumed.messages[0]?.event).toBe('resync');
    expect(idsOf(resumed)).toEqual([kept]);
  });
});

describe('closing the server', () => {
  let testApp: TestApp | undefined;
  afterEach(async () => {
    await testApp?.close().catch(() => undefined);
  });

  it('ends open streams with a reconnect hint instead of hanging', async () => {
    testApp = await createTestApp();
    const hal = await signIn(testApp.app, { email: 'hal@example.com', username: 'hal' });
    const connection = await openSse(await listenOnce(testApp.app), { cookie: hal.cookie });
    await connection.waitFor((m) => m.event === 'ready');
    const hintsBefore = connection.retries.length;
    await testApp.app.close();
    await connection.ended;
    expect(connection.retries.length).toBe(hintsBefore + 1);
    expect(connection.retries.at(-1)).toBeGreaterThan(0);
  });
});
