import { HOUR_MS } from '@soleswap/contracts/time';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { idempotencyKeys, tradeEvents, trades } from '../../db/schema/index';
import { sweepIdempotencyKeys } from '../../http/idempotency';
import { useTestApp } from '../../../test/test-app';
import { expectLedgerValidAfterAll, memberWithSneakers, proposal } from './trades.int-helpers';

describe('Idempotency-Key on trade calls', () => {
  const testApp = useTestApp();
  expectLedgerValidAfterAll(testApp);

  const tradesOf = async (proposerId: string) => testApp().ctx.db.select().from(trades).where(eq(trades.proposerId, proposerId));

  it('replays an accept retried with the same key, while a retry without a key is refused', async () => {
    const alice = await memberWithSneakers(testApp(), 'alice');
    const bob = await memberWithSneakers(testApp(), 'bob');
    const trade = (await alice.post('/api/trades', proposal(alice, bob))).body;
    const key = { 'idempotency-key': 'accept-1' };

    const first = await bob.post(`/api/trades/${trade.id}/accept`, {}, key);
    expect(first.status).toBe(200);
    const retry = await bob.post(`/api/trades/${trade.id}/accept`, {}, key);
    expect(retry.status).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(first.body);

    const withoutKey = await bob.post(`/api/trades/${trade.id}/accept`);
    expect(withoutKey.status).toBe(409);
    expect(withoutKey.body.code).toBe('TRADE_INVALID_TRANSITION');
  });

  it('creates one proposal for any number of retries with one key, and answers 201 each time', async () => {
    const alice = await memberWithSneakers(testApp(), 'alice');
    const bob = await memberWithSneakers(testApp(), 'bob');
    const body = proposal(alice, bob, { message: 'Deal?' });
    const key = { 'idempotency-key': 'create-1' };
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await alice.post('/api/trades', body, key));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(await tradesOf(alice.user.id)).toHaveLength(1);
  });

  it('refuses the same key with different parameters (422), on the same or another path', async () => {
    const alice = await memberWithSneakers(testApp(), 'alice', 2);
    const bob = await memberWithSneakers(testApp(), 'bob', 2);
    const key = { 'idempotency-key': 'reused' };
    const first = await alice.post('/api/trades', proposal(alice, bob), key);
    expect(first.status).toBe(201);

    const otherBody = await alice.post('/api/trades', proposal(alice, bob, { give: [alice.sneakers[1]!.id] }), key);
    expect(otherBody.status).toBe(422);
    expect(otherBody.body.code).toBe('IDEMPOTENCY_MISMATCH');
    const otherPath = await alice.post(`/api/trades/${first.body.id}/cancel`, {}, key);
    expect(otherPath.status).toBe(422);
    expect((await alice.get(`/api/trades/${first.body.id}`)).body.status).toBe('pending');

    // Keys belong to one member: Bob may use the same key for his own call.
    const bobs = await bob.post(`/api/trades/${first.body.id}/reject`, {}, key);
    expect(bobs.status).toBe(200);
  });

  it('replays a refusal too, so a retry never turns a 409 into a different answer', async () => {
    const alice = await memberWithSneakers(testApp(), 'alice');
    const bob = await memberWithSneakers(testApp(), 'bob');
    const trade = (await alice.post('/api/trades', proposal(alice, bob))).body;
    const key = { 'idempotency-key': 'early-accept' };
    const forbidden = await alice.post(`/api/trades/${trade.id}/accept`, {}, key);
    expect(forbidden.status).toBe(403);
    const replay = await alice.post(`/api/trades/${trade.id}/accept`, {}, key);
    expect(replay.status).toBe(403);
    expect(replay.body).toEqual(forbidden.body);
  });

  it('never runs concurrent duplicates twice: the later ones wait for the first and replay its answer', async () => {
    const alice = await memberWithSneakers(testApp(), 'alice');
    const bob = await memberWithSneakers(testApp(), 'bob');
    const body = proposal(alice, bob);
    const key = { 'idempotency-key': 'burst' };
    const answers = await Promise.all(Array.from({ length: 5 }, () => alice.post('/api/trades', body, key)));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(4);
    expect(await tradesOf(alice.user.id)).toHaveLength(1);
  });

  it('never runs concurrent duplicate accepts twice', async () => {
    const { db } = testApp().ctx;
    const alice = await memberWithSneakers(testApp(), 'alice');
    const bob = await memberWithSneakers(testApp(), 'bob');
    const trade = (await alice.post('/api/trades', proposal(alice, bob))).body;
    const key = { 'idempotency-key': 'accept-burst' };
    const answers = await Promise.all(Array.from({ length: 4 }, () => bob.post(`/api/trades/${trade.id}/accept`, {}, key)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    for (const a of answers) expect(a.body).toEqual(answers[0]!.body);
    const events = await db.select().from(tradeEvents).where(eq(tradeEvents.tradeId, trade.id));
    expect(events.filter((e) => e.action === 'accept')).toHaveLength(1);
  });

  it('forgets keys after 24 hours: the same key then runs the call again, and the sweep deletes them', async () => {
    const { ctx } = testApp();
    const alice = await memberWithSneakers(testApp(), 'alice', 2);
    const bob = await memberWithSneakers(testApp(), 'bob', 2);
    const key = { 'idempotency-key': 'daily' };
    const realNow = ctx.now;
    try {
      await alice.post('/api/trades', proposal(alice, bob), key);
      ctx.now = () => new Date(Date.now() + 25 * HOUR_MS);
      const later = await alice.post('/api/trades', proposal(alice, bob, { give: [alice.sneakers[1]!.id] }), key);
      expect(later.status).toBe(201);
      expect(later.headers['idempotent-replayed']).toBeUndefined();
      expect(await tradesOf(alice.user.id)).toHaveLength(2);

      ctx.now = () => new Date(Date.now() + 50 * HOUR_MS);
      expect(await sweepIdempotencyKeys(ctx.db, ctx.now())).toBeGreaterThanOrEqual(1);
      const left = await ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, alice.user.id));
      expect(left).toEqual([]);
    } finally {
      ctx.now = realNow;
    }
  });

  it('refuses a malformed key', async () => {
    const alice = await memberWithSneakers(testApp(), 'alice');
    const bob = await memberWithSneakers(testApp(), 'bob');
    const res = await alice.post('/api/trades', proposal(alice, bob), { 'idempotency-key': 'x'.repeat(300) });
    expect(res.status).toBe(400);
  });
});
