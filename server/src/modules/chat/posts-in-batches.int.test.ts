import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { conversations, idempotencyKeys, liveEvents, messages, rateLimitHits } from '../../db/schema/index';
import { IdempotentBatches, type BatchedAnswer, type BatchedCall } from '../../http/idempotent-batches';
import { countRateLimitHits } from '../../http/rate-limit-store';
import { signIn, useTestApp } from '../../../test/test-app';
import { MESSAGE_SENDING_LIMIT } from './message-rate-limit';
import { postMessagesTogether, type ConversationPost } from './post-messages-together';

/**
 * Conversation posts are stored in batches (group commit): the posts that arrive together share
 * one transaction. Each must still get its own answer, and a batch that fails must lose nothing.
 */
describe('posting messages in batches', () => {
  const testApp = useTestApp();

  async function member(name: string) {
    const tag = randomBytes(3).toString('hex');
    return signIn(testApp().app, { email: `${name}-${tag}@example.com`, username: `${name}-${tag}` });
  }

  async function conversation(a: Awaited<ReturnType<typeof member>>, b: Awaited<ReturnType<typeof member>>): Promise<number> {
    return (await a.post('/api/conversations', { userId: b.user.id })).body.id;
  }

  /** Batches on the test app, recording how many posts each batch's work was given. */
  function batchesRecording(sizes: number[], fail?: (posts: ConversationPost[]) => boolean) {
    return new IdempotentBatches<ConversationPost>(testApp().ctx, {
      status: 201,
      limit: MESSAGE_SENDING_LIMIT,
      run: async (ctx, posts) => {
        sizes.push(posts.length);
        const outcomes = await postMessagesTogether(ctx, posts);
        if (fail?.(posts)) throw new Error('the batch fails after its writes');
        return outcomes;
      },
    });
  }

  const call = (
    sender: { user: { id: string } },
    conversationId: number,
    content: string,
    options: { key?: string; countKey?: string } = {},
  ): BatchedCall<ConversationPost> => ({
    userId: sender.user.id,
    input: { sender: { id: sender.user.id, isAdmin: false }, conversationId, content },
    idempotency: options.key ? { key: options.key, hash: `hash of ${content}`, scope: `POST /api/conversations/${conversationId}/messages` } : null,
    countKey: options.countKey ?? null,
  });

  const statusOf = (answer: BatchedAnswer) => ('runAlone' in answer ? 'alone' : answer.status);

  it('answers each post of a burst on its own: sent, blocked, stranger, over the limit, and a retried key replayed', async () => {
    const { ctx } = testApp();
    const [alice, bob, carol, dave, erin, mallory] = await Promise.all(['alice', 'bob', 'carol', 'dave', 'erin', 'mallory'].map(member));
    const aliceBob = await conversation(alice!, bob!);
    const carolDave = await conversation(carol!, dave!);
    const erinBob = await conversation(erin!, bob!);
    await dave!.post(`/api/users/${carol!.user.id}/block`);
    const erinCounter = `test-chat:${erin!.user.id}`;
    await countRateLimitHits(ctx.db, [{ key: erinCounter, hits: MESSAGE_SENDING_LIMIT.max }], MESSAGE_SENDING_LIMIT.windowMs);

    const sizes: number[] = [];
    const batches = batchesRecording(sizes);
    // Handed in in the same turn of the event loop: one or two batches (as many as may be in
    // flight), the retry of k2 never in the same one as its first request.
    const answers = await Promise.all([
      batches.submit(call(alice!, aliceBob, 'Hi Bob', { key: 'k1' })),
      batches.submit(call(bob!, aliceBob, 'Hi Alice', { key: 'k2' })),
      batches.submit(call(alice!, aliceBob, 'Still there?')),
      batches.submit(call(carol!, carolDave, 'Across a block', { key: 'k3' })),
      batches.submit(call(mallory!, aliceBob, 'Not my conversation', { key: 'k4' })),
      batches.submit(call(bob!, aliceBob, 'Hi Alice', { key: 'k2' })),
      batches.submit(call(erin!, erinBob, 'One too many', { key: 'k5', countKey: erinCounter })),
    ]);

    expect(answers.map(statusOf)).toEqual([201, 201, 201, 403, 404, 201, 429]);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(5);
    const [, hiAlice, , blocked, stranger, retry, limited] = answers as Array<Exclude<BatchedAnswer, { runAlone: true }>>;
    expect(blocked!.refusal?.code).toBe('BLOCKED');
    expect(stranger!.refusal?.code).toBe('NOT_FOUND');
    expect(limited!.refusal?.code).toBe('RATE_LIMITED');
    expect(limited!.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect([hiAlice!.replayed, retry!.replayed].sort()).toEqual([false, true]);
    expect(retry!.body).toEqual(hiAlice!.body);

    const stored = await ctx.db.select().from(messages).where(eq(messages.conversationId, aliceBob)).orderBy(asc(messages.id));
    expect(stored.map((m) => m.content).sort()).toEqual(['Hi Alice', 'Hi Bob', 'Still there?']);
    expect(
      await ctx.db
        .select()
        .from(messages)
        .where(inArray(messages.conversationId, [carolDave, erinBob])),
    ).toHaveLength(0);
    const [head] = await ctx.db.select().from(conversations).where(eq(conversations.id, aliceBob));
    expect(head!.lastMessageId).toBe(stored.at(-1)!.id);

    // Each answer is stored with its key (the refusals too); the post refused by the limit claimed nothing.
    const keys = await ctx.db
      .select({ userId: idempotencyKeys.userId, key: idempotencyKeys.key, statusCode: idempotencyKeys.statusCode })
      .from(idempotencyKeys)
      .where(inArray(idempotencyKeys.key, ['k1', 'k2', 'k3', 'k4', 'k5']));
    expect(keys.map((k) => `${k.key} ${k.statusCode}`).sort()).toEqual(['k1 201', 'k2 201', 'k3 403', 'k4 404']);

    // Bob heard Alice's two messages (one batch) one after the other: 1, then 2 unread; Alice Bob's one.
    const unreadOf = async (userId: string) =>
      (
        await ctx.db
          .select({ payload: liveEvents.payload })
          .from(liveEvents)
          .where(and(eq(liveEvents.userId, userId), eq(liveEvents.kind, 'unread.changed')))
          .orderBy(asc(liveEvents.id))
      ).flatMap((e) => {
        const { messages: unread } = e.payload as { messages?: number };
        return unread === undefined ? [] : [unread];
      });
    expect(await unreadOf(bob!.user.id)).toEqual([1, 2]);
    expect(await unreadOf(alice!.user.id)).toEqual([1]);
    expect((await bob!.get('/api/chat/unread')).body.total).toBe(2);
    expect(await unreadOf(dave!.user.id)).toEqual([]);
  });

  it('keeps nothing of a batch that fails, and tells each of its posts to run on its own', async () => {
    const { ctx } = testApp();
    const [alice, bob] = await Promise.all(['alice', 'bob'].map(member));
    const aliceBob = await conversation(alice!, bob!);
    const counter = `test-chat:${alice!.user.id}`;
    const sizes: number[] = [];
    const batches = batchesRecording(sizes, (posts) => posts.some((p) => p.content === 'boom'));

    const answers = await Promise.all([
      batches.submit(call(alice!, aliceBob, 'first', { key: 'f1', countKey: counter })),
      batches.submit(call(bob!, aliceBob, 'boom', { key: 'f2' })),
      batches.submit(call(alice!, aliceBob, 'third', { countKey: counter })),
    ]);

    expect(sizes).toEqual([3]);
    expect(answers.map(statusOf)).toEqual(['alone', 'alone', 'alone']);
    expect(await ctx.db.select().from(messages).where(eq(messages.conversationId, aliceBob))).toHaveLength(0);
    expect(
      await ctx.db
        .select()
        .from(idempotencyKeys)
        .where(inArray(idempotencyKeys.key, ['f1', 'f2'])),
    ).toHaveLength(0);
    expect(await ctx.db.select().from(rateLimitHits).where(eq(rateLimitHits.key, counter))).toHaveLength(0);
    expect(await ctx.db.select().from(liveEvents).where(eq(liveEvents.userId, bob!.user.id))).toHaveLength(0);
  });

  it('gives every one of many posts sent at once its answer, once, through the route', async () => {
    const { ctx } = testApp();
    const [alice, bob, carol, dave] = await Promise.all(['alice', 'bob', 'carol', 'dave'].map(member));
    const aliceBob = await conversation(alice!, bob!);
    const carolDave = await conversation(carol!, dave!);
    await dave!.post(`/api/users/${carol!.user.id}/block`);
    const url = (id: number) => `/api/conversations/${id}/messages`;
    const key = (k: string) => ({ 'idempotency-key': k });

    const answers = await Promise.all([
      alice!.post(url(aliceBob), { content: 'one' }, key('r1')),
      bob!.post(url(aliceBob), { content: 'two' }, key('r2')),
      alice!.post(url(aliceBob), { content: 'one' }, key('r1')),
      carol!.post(url(carolDave), { content: 'blocked' }, key('r3')),
      dave!.post(url(aliceBob), { content: 'stranger' }),
      // A lone surrogate cannot travel in a batch's jsonb: its batch fails, and each of its posts is sent alone.
      bob!.post(url(aliceBob), { content: 'odd \ud800 text' }),
      alice!.post(url(aliceBob), { content: 'three' }),
    ]);

    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 403, 404, 201, 201]);
    expect(answers[2]!.body.id).toBe(answers[0]!.body.id);
    const stored = await ctx.db.select().from(messages).where(eq(messages.conversationId, aliceBob));
    expect(stored.map((m) => m.content).sort()).toEqual(['one', 'three', 'two', expect.stringMatching(/^odd .* text$/)].sort());
    expect((await bob!.get('/api/chat/unread')).body.total).toBe(2);
    expect((await alice!.get('/api/chat/unread')).body.total).toBe(2);
  });

  it('stores a burst of posts by both members of several conversations, each once, whatever the batches in flight', async () => {
    const { ctx } = testApp();
    const members = await Promise.all(['ann', 'ben', 'cat', 'dan', 'eve', 'fay'].map(member));
    const pairs = [
      [members[0]!, members[1]!],
      [members[2]!, members[3]!],
      [members[4]!, members[5]!],
    ] as const;
    const ids = await Promise.all(pairs.map(([a, b]) => conversation(a, b)));
    const sends = pairs.flatMap(([a, b], p) =>
      Array.from({ length: 8 }, (_, i) => ({ who: i % 2 ? b : a, conversationId: ids[p]!, content: `${p}-${i}` })),
    );

    const answers = await Promise.all(
      sends.map(({ who, conversationId, content }) =>
        who.post(`/api/conversations/${conversationId}/messages`, { content }, { 'idempotency-key': `burst-${content}` }),
      ),
    );

    expect(answers.every((a) => a.status === 201)).toBe(true);
    const stored = await ctx.db.select().from(messages).where(inArray(messages.conversationId, ids));
    expect(stored.map((m) => m.content).sort()).toEqual(sends.map((s) => s.content).sort());
    for (const [p, conversationId] of ids.entries()) {
      const [head] = await ctx.db.select().from(conversations).where(eq(conversations.id, conversationId));
      expect(head!.lastMessageId).toBe(Math.max(...stored.filter((m) => m.conversationId === conversationId).map((m) => m.id)));
      for (const who of pairs[p]!) expect((await who.get('/api/chat/unread')).body.total).toBe(4);
    }
  });
});
