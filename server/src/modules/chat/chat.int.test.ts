import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGE_MAX_LENGTH, MESSAGES_PER_MINUTE } from '@soleswap/contracts/chat';
import { messages } from '../../db/schema/index';
import { buildSneaker, buildTrade } from '../../../test/factories';
import { signIn, TestClient, useTestApp } from '../../../test/test-app';
import { listenOnce, openSse, type SseConnection } from '../live/sse.int-helpers';

async function pngDataUrl(): Promise<string> {
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#1f6feb' } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

describe('trade chat', () => {
  const testApp = useTestApp();
  const open: SseConnection[] = [];
  afterEach(() => open.splice(0).forEach((c) => c.close()));

  async function member(name: string, role?: 'admin') {
    const tag = randomBytes(3).toString('hex');
    return signIn(testApp().app, { email: `${name}-${tag}@example.com`, username: `${name}-${tag}`, ...(role ? { role } : {}) });
  }

  /** Two members with a trade between them (pending unless told), and a stranger. */
  async function scene(status: 'pending' | 'disputed' = 'pending') {
    const alice = await member('alice');
    const bob = await member('bob');
    const carol = await member('carol');
    const a = await buildSneaker(testApp().ctx, { userId: alice.user.id });
    const b = await buildSneaker(testApp().ctx, { userId: bob.user.id });
    const trade = await buildTrade(testApp().ctx, {
      proposerId: alice.user.id,
      receiverId: bob.user.id,
      proposerSneakerIds: [a.id],
      receiverSneakerIds: [b.id],
      status,
      ...(status === 'disputed' ? { disputedAt: testApp().ctx.now(), disputedById: alice.user.id, disputeReason: 'Box was empty' } : {}),
    });
    return { alice, bob, carol, trade, url: `/api/trades/${trade.id}/messages` };
  }

  it('lets both parties post and read, oldest first, and hides the thread from strangers (404) and visitors (401)', async () => {
    const { alice, bob, carol, url } = await scene();
    const sent = await alice.post(url, { content: '  Still have the box?  ' });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ content: 'Still have the box?', senderId: alice.user.id, imageUrl: null, conversationId: null });
    expect((await bob.post(url, { content: 'Yes, OG all.' })).status).toBe(201);

    const read = await bob.get(url);
    expect(read.status).toBe(200);
    expect(read.body.messages.map((m: { content: string }) => m.content)).toEqual(['Still have the box?', 'Yes, OG all.']);
    expect(read.body.nextBefore).toBeNull();

    for (const call of [carol.get(url), carol.post(url, { content: 'hi' }), carol.post(`${url}/read`, {})]) {
      const res = await call;
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('NOT_FOUND');
    }
    const visitor = new TestClient(testApp().app);
    expect((await visitor.get(url)).status).toBe(401);
    expect((await visitor.post(url, { content: 'hi' })).status).toBe(401);
    expect((await alice.get('/api/trades/999999999/messages')).status).toBe(404);
    expect((await alice.get('/api/trades/abc/messages')).status).toBe(404);
  });

  it('lets an admin read and write a disputed trade’s chat, but not an undisputed one', async () => {
    const admin = await member('admin', 'admin');
    const disputed = await scene('disputed');
    expect((await disputed.alice.post(disputed.url, { content: 'It arrived empty.' })).status).toBe(201);
    const read = await admin.get(disputed.url);
    expect(read.status).toBe(200);
    expect(read.body.messages).toHaveLength(1);
    const answer = await admin.post(disputed.url, { content: 'Looking into it.' });
    expect(answer.status).toBe(201);
    // Both parties hear from the admin as an unread message.
    const aliceUnread = await disputed.alice.get('/api/chat/unread');
    expect(aliceUnread.body.trades).toEqual([{ tradeId: disputed.trade.id, count: 1 }]);

    const calm = await scene('pending');
    expect((await admin.get(calm.url)).status).toBe(404);
    expect((await admin.post(calm.url, { content: 'hello' })).status).toBe(404);
  });

  it('refuses blank, too long and NUL content, trims it, and counts the limit after trimming', async () => {
    const { alice, url } = await scene();
    for (const content of ['', '   \n\t ', undefined]) {
      const res = await alice.post(url, content === undefined ? {} : { content });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', fields: { content: expect.any(String) } });
    }
    const tooLong = await alice.post(url, { content: 'x'.repeat(MESSAGE_MAX_LENGTH + 1) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.fields.content).toMatch(/2000/);
    const nul = await alice.post(url, { content: 'a\u0000b' });
    expect(nul.status).toBe(400);
    const padded = await alice.post(url, { content: `  ${'y'.repeat(MESSAGE_MAX_LENGTH)}  ` });
    expect(padded.status).toBe(201);
    expect(padded.body.content).toHaveLength(MESSAGE_MAX_LENGTH);
    expect((await alice.get(url)).body.messages).toHaveLength(1);
  });

  it('attaches only an image the sender uploaded', async () => {
    const { alice, bob, url } = await scene();
    const upload = await alice.post('/api/uploads', { dataUrl: await pngDataUrl() });
    expect(upload.status).toBe(201);
    const imageUrl = upload.body.imageUrl as string;

    const withImage = await alice.post(url, { content: 'Here are the soles', imageUrl });
    expect(withImage.status).toBe(201);
    expect(withImage.body.imageUrl).toBe(imageUrl);

    const notTheirs = await bob.post(url, { content: 'Mine now', imageUrl });
    expect(notTheirs.status).toBe(400);
    expect(notTheirs.body.fields.imageUrl).toBeTruthy();
    const elsewhere = await alice.post(url, { content: 'x', imageUrl: 'https://evil.example/x.png' });
    expect(elsewhere.status).toBe(400);
  });

  it('pages a long thread newest page first with a before cursor and a bounded limit', async () => {
    const { alice, trade, url } = await scene();
    await testApp()
      .ctx.db.insert(messages)
      .values(Array.from({ length: 25 }, (_, i) => ({ tradeId: trade.id, senderId: alice.user.id, content: `m${i + 1}` })));

    const first = await alice.get(`${url}?limit=10`);
    expect(first.body.messages.map((m: { content: string }) => m.content)).toEqual(Array.from({ length: 10 }, (_, i) => `m${i + 16}`));
    const second = await alice.get(`${url}?limit=10&before=${first.body.nextBefore}`);
    expect(second.body.messages[0].content).toBe('m6');
    expect(second.body.messages.at(-1).content).toBe('m15');
    const third = await alice.get(`${url}?limit=10&before=${second.body.nextBefore}`);
    expect(third.body.messages.map((m: { content: string }) => m.content)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expect(third.body.nextBefore).toBeNull();

    expect((await alice.get(`${url}?limit=1000`)).status).toBe(400);
    expect((await alice.get(`${url}?before=-1`)).status).toBe(400);
  });

  it('never doubles a message retried with the same Idempotency-Key', async () => {
    const { alice, bob, trade, url } = await scene();
    const key = { 'idempotency-key': 'msg-retry-1' };
    const first = await alice.post(url, { content: 'Deal.' }, key);
    const retry = await alice.post(url, { content: 'Deal.' }, key);
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(first.body);
    const stored = await testApp().ctx.db.select().from(messages).where(eq(messages.tradeId, trade.id));
    expect(stored).toHaveLength(1);
    expect((await bob.get('/api/chat/unread')).body.total).toBe(1);
  });

  it('answers a post refused across a block with the same 403 on a retry of its key, and counts the post but not its replay against the limit', async () => {
    const { alice, bob, trade, url } = await scene();
    await bob.post(`/api/users/${alice.user.id}/block`);
    const key = { 'idempotency-key': 'msg-blocked-1' };
    const first = await alice.post(url, { content: 'Hello?' }, key);
    expect(first.status).toBe(403);
    expect(first.body.code).toBe('BLOCKED');
    await bob.delete(`/api/users/${alice.user.id}/block`);
    const retry = await alice.post(url, { content: 'Hello?' }, key);
    expect(retry.status).toBe(403);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await testApp().ctx.db.select().from(messages).where(eq(messages.tradeId, trade.id))).toHaveLength(0);
    // The refused post was counted; its replay, answered from the key, was not: one fewer left.
    for (let i = 0; i < MESSAGES_PER_MINUTE - 1; i++) expect((await alice.post(url, { content: `n${i}` })).status).toBe(201);
    expect((await alice.post(url, { content: 'one too many' })).status).toBe(429);
  });

  it('counts unread messages per trade and marks them read, never backwards and never past the newest', async () => {
    const { alice, bob, trade, url } = await scene();
    const m1 = (await alice.post(url, { content: 'one' })).body;
    await alice.post(url, { content: 'two' });
    const m3 = (await alice.post(url, { content: 'three' })).body;
    await bob.post(url, { content: 'reply' });

    expect((await bob.get('/api/chat/unread')).body).toEqual({ total: 3, trades: [{ tradeId: trade.id, count: 3 }], conversations: [], loops: [] });
    expect((await alice.get('/api/chat/unread')).body.total).toBe(1);

    const partly = await bob.post(`${url}/read`, { messageId: m1.id });
    expect(partly.body).toEqual({ lastReadId: m1.id, unreadTotal: 2 });
    const back = await bob.post(`${url}/read`, { messageId: 1 });
    expect(back.body).toEqual({ lastReadId: m1.id, unreadTotal: 2 });
    const all = await bob.post(`${url}/read`, {});
    expect(all.body.unreadTotal).toBe(0);
    expect(all.body.lastReadId).toBeGreaterThan(m3.id);
    const beyond = await alice.post(`${url}/read`, { messageId: 2_000_000_000 });
    expect(beyond.body).toEqual({ lastReadId: all.body.lastReadId, unreadTotal: 0 });
    expect((await bob.get('/api/chat/unread')).body).toEqual({ total: 0, trades: [], conversations: [], loops: [] });
  });

  it('delivers message.created and unread.changed on the recipient’s live stream, and the sender’s other tabs', async () => {
    const { alice, bob, trade, url } = await scene();
    const base = await listenOnce(testApp().app);
    const bobStream = await openSse(base, { cookie: bob.cookie });
    const aliceOtherTab = await openSse(base, { cookie: alice.cookie });
    open.push(bobStream, aliceOtherTab);
    await bobStream.waitFor((m) => m.event === 'ready');
    await aliceOtherTab.waitFor((m) => m.event === 'ready');

    const sent = (await alice.post(url, { content: 'Live?' })).body;
    const created = await bobStream.waitFor((m) => m.event === 'message.created');
    expect(created.data?.payload).toEqual({ tradeId: trade.id, conversationId: null, loopId: null, messageId: sent.id, senderId: alice.user.id });
    const unread = await bobStream.waitFor((m) => m.event === 'unread.changed');
    expect(unread.data?.payload).toEqual({ messages: 1 });
    await aliceOtherTab.waitFor((m) => m.event === 'message.created' && m.data?.payload.messageId === sent.id);

    await bob.post(`${url}/read`, {});
    const cleared = await bobStream.waitFor((m) => m.event === 'unread.changed' && m.data?.payload.messages === 0);
    expect(cleared.data?.payload).toEqual({ messages: 0 });
  });

  it('limits how many messages one member sends a minute (429 with Retry-After)', async () => {
    const { alice, bob, url } = await scene();
    for (let i = 0; i < MESSAGES_PER_MINUTE; i++) expect((await alice.post(url, { content: `n${i}` })).status).toBe(201);
    const limited = await alice.post(url, { content: 'one too many' });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('RATE_LIMITED');
    expect(limited.headers['retry-after']).toBeTruthy();
    // The budget is the sender's own.
    expect((await bob.post(url, { content: 'still fine' })).status).toBe(201);
  });
});
