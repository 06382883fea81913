import { randomBytes } from 'node:crypto';
import { and, eq, or } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { conversations } from '../../db/schema/index';
import { signIn, TestClient, useTestApp } from '../../../test/test-app';

describe('direct conversations', () => {
  const testApp = useTestApp();

  async function member(name: string, role?: 'admin') {
    const tag = randomBytes(3).toString('hex');
    return signIn(testApp().app, { email: `${name}-${tag}@example.com`, username: `${name}-${tag}`, ...(role ? { role } : {}) });
  }

  const pairRows = (a: string, b: string) =>
    testApp()
      .ctx.db.select()
      .from(conversations)
      .where(
        or(
          and(eq(conversations.userLowId, a), eq(conversations.userHighId, b)),
          and(eq(conversations.userLowId, b), eq(conversations.userHighId, a)),
        ),
      );

  it('finds or starts one conversation per pair, from either side, and refuses yourself, strangers and bad ids', async () => {
    const alice = await member('alice');
    const bob = await member('bob');
    const started = await alice.post('/api/conversations', { userId: bob.user.id });
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ partner: { id: bob.user.id, username: bob.user.username }, lastMessage: null, unreadCount: 0 });
    const again = await alice.post('/api/conversations', { userId: bob.user.id });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(started.body.id);
    const fromBob = await bob.post('/api/conversations', { userId: alice.user.id });
    expect(fromBob.body).toMatchObject({ id: started.body.id, partner: { id: alice.user.id } });

    const self = await alice.post('/api/conversations', { userId: alice.user.id });
    expect(self.status).toBe(400);
    expect(self.body.fields.userId).toBeTruthy();
    expect((await alice.post('/api/conversations', { userId: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
    expect((await alice.post('/api/conversations', { userId: 'nobody' })).status).toBe(400);
    expect((await new TestClient(testApp().app).post('/api/conversations', { userId: bob.user.id })).status).toBe(401);
  });

  it('starts exactly one conversation when both members ask at the same moment, many times over', async () => {
    const alice = await member('alice');
    const bob = await member('bob');
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        i % 2 ? alice.post('/api/conversations', { userId: bob.user.id }) : bob.post('/api/conversations', { userId: alice.user.id }),
      ),
    );
    expect(answers.every((a) => a.status === 200 || a.status === 201)).toBe(true);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(await pairRows(alice.user.id, bob.user.id)).toHaveLength(1);
  });

  it('lets only its two members read and write it: a stranger, even an admin, gets 404 and a visitor 401', async () => {
    const alice = await member('alice');
    const bob = await member('bob');
    const carol = await member('carol');
    const admin = await member('admin', 'admin');
    const { id } = (await alice.post('/api/conversations', { userId: bob.user.id })).body;
    const url = `/api/conversations/${id}/messages`;

    expect((await alice.post(url, { content: 'Hey! Is the Bred 4 still around?' })).status).toBe(201);
    const reply = await bob.post(url, { content: 'It is.' }, { 'idempotency-key': 'dm-1' });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ conversationId: id, tradeId: null });
    const replay = await bob.post(url, { content: 'It is.' }, { 'idempotency-key': 'dm-1' });
    expect(replay.body.id).toBe(reply.body.id);
    expect((await alice.get(url)).body.messages.map((m: { content: string }) => m.content)).toEqual(['Hey! Is the Bred 4 still around?', 'It is.']);

    for (const who of [carol, admin]) {
      expect((await who.get(url)).status).toBe(404);
      expect((await who.post(url, { content: 'hi' })).status).toBe(404);
      expect((await who.get(`/api/conversations/${id}`)).status).toBe(404);
      expect((await who.post(`${url}/read`, {})).status).toBe(404);
    }
    const visitor = new TestClient(testApp().app);
    expect((await visitor.get(url)).status).toBe(401);
    expect((await visitor.get('/api/conversations')).status).toBe(401);
    expect((await alice.post(url, { content: '   ' })).status).toBe(400);
    expect((await alice.post(url, { content: 'z'.repeat(2001) })).status).toBe(400);
  });

  it('lists my conversations newest activity first, with the last message, unread counts and pages', async () => {
    const me = await member('me');
    const others = [await member('o1'), await member('o2'), await member('o3')];
    const ids: number[] = [];
    for (const other of others) ids.push((await other.post('/api/conversations', { userId: me.user.id })).body.id);
    // o1 writes last, so its conversation comes first; o2 wrote before; o3 never wrote.
    await others[1]!.post(`/api/conversations/${ids[1]}/messages`, { content: 'first' });
    await others[0]!.post(`/api/conversations/${ids[0]}/messages`, { content: `  ${'long '.repeat(60)}` });
    await others[0]!.post(`/api/conversations/${ids[0]}/messages`, { content: 'latest\nline' });

    const page1 = await me.get('/api/conversations?limit=2');
    expect(page1.status).toBe(200);
    expect(page1.body.conversations.map((c: { id: number }) => c.id)).toEqual([ids[0], ids[1]]);
    expect(page1.body.conversations[0]).toMatchObject({
      partner: { id: others[0]!.user.id },
      unreadCount: 2,
      lastMessage: { preview: 'latest line', senderId: others[0]!.user.id },
    });
    expect(page1.body.conversations[1].unreadCount).toBe(1);
    const page2 = await me.get(`/api/conversations?limit=2&cursor=${page1.body.nextCursor}`);
    expect(page2.body.conversations.map((c: { id: number }) => c.id)).toEqual([ids[2]]);
    expect(page2.body.nextCursor).toBeNull();
    expect((await me.get('/api/conversations?cursor=garbage')).status).toBe(400);

    expect((await me.get('/api/chat/unread')).body).toMatchObject({ total: 3, trades: [] });
    await me.post(`/api/conversations/${ids[0]}/messages/read`, {});
    const after = await me.get(`/api/conversations/${ids[0]}`);
    expect(after.body.unreadCount).toBe(0);
    expect((await me.get('/api/chat/unread')).body).toEqual({
      total: 1,
      trades: [],
      conversations: [{ conversationId: ids[1], count: 1 }],
      loops: [],
    });
    // The others see only their own conversation with me.
    expect((await others[2]!.get('/api/conversations')).body.conversations.map((c: { id: number }) => c.id)).toEqual([ids[2]]);
  });

  it('refuses to start or write a conversation across a block, either way (403), and resumes after unblocking', async () => {
    const alice = await member('alice');
    const bob = await member('bob');
    const { id } = (await alice.post('/api/conversations', { userId: bob.user.id })).body;
    const url = `/api/conversations/${id}/messages`;
    expect((await bob.post(`/api/users/${alice.user.id}/block`)).status).toBe(200);

    for (const res of [
      await alice.post('/api/conversations', { userId: bob.user.id }),
      await alice.post(url, { content: 'hello?' }),
      await bob.post(url, { content: 'go away' }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('BLOCKED');
    }
    expect((await alice.get(url)).body.messages).toEqual([]);

    expect((await bob.delete(`/api/users/${alice.user.id}/block`)).status).toBe(200);
    expect((await alice.post(url, { content: 'hello again' })).status).toBe(201);
  });

  it('rings the recipient’s bell with a link to the conversation', async () => {
    const alice = await member('alice');
    const bob = await member('bob');
    const { id } = (await alice.post('/api/conversations', { userId: bob.user.id })).body;
    await alice.post(`/api/conversations/${id}/messages`, { content: 'Yo' });
    await expect
      .poll(async () => (await bob.get('/api/notifications')).body.items.map((i: { link: string; text: string }) => [i.link, i.text]))
      .toEqual([[`/messages/${id}`, `New message from ${alice.user.username}`]]);
  });
});
