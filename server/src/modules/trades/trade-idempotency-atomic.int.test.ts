import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { escrowLocks, idempotencyKeys, ledgerEntries, tradeEvents, trades } from '../../db/schema/index';
import { useTestApp } from '../../../test/test-app';
import { expectLedgerValidAfterAll, memberWithSneakers, proposal } from './trades.int-helpers';

/**
 * A keyed call's work and its stored answer commit together or not at all: whatever dies
 * between them (here: storing the answer fails, as a process killed at that moment would),
 * a retry with the same key either replays the answer or finds nothing done and runs once.
 */
describe('Idempotency-Key: the work and the answer commit together or not at all', () => {
  const testApp = useTestApp();
  expectLedgerValidAfterAll(testApp);

  /** Makes every write of an answer into idempotency_keys fail, like a crash right after the work. */
  async function breakStoringAnswers() {
    const { db } = testApp().ctx;
    await db.execute(
      sql.raw(`create or replace function test_refuse_answer() returns trigger language plpgsql as $$
      begin raise exception 'injected failure while storing the answer'; end $$`),
    );
    await db.execute(
      sql.raw(`create trigger test_refuse_answer before insert or update on idempotency_keys
      for each row when (new.status_code is not null) execute function test_refuse_answer()`),
    );
  }
  afterEach(async () => {
    await testApp().ctx.db.execute(sql.raw('drop trigger if exists test_refuse_answer on idempotency_keys'));
  });

  const count = async (rows: Promise<unknown[]>) => (await rows).length;

  it('a proposal whose answer could not be stored does not exist, and the retry creates it once', async () => {
    const { db } = testApp().ctx;
    const alice = await memberWithSneakers(testApp(), 'alice');
    const bob = await memberWithSneakers(testApp(), 'bob');
    const body = proposal(alice, bob, { message: 'Swap?' });
    const key = { 'idempotency-key': 'propose-crash' };

    const heard: number[] = [];
    testApp().ctx.events.on('trade.changed', ({ tradeId, actorId }) => {
      if (actorId === alice.user.id) heard.push(tradeId);
    });

    await breakStoringAnswers();
    const failed = await alice.post('/api/trades', body, key);
    expect(failed.status).toBe(500);
    expect(await count(db.select().from(trades).where(eq(trades.proposerId, alice.user.id)))).toBe(0);
    expect(await count(db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, alice.user.id)))).toBe(0);
    expect(heard).toEqual([]); // nobody is told about a proposal that was rolled back

    await testApp().ctx.db.execute(sql.raw('drop trigger test_refuse_answer on idempotency_keys'));
    const retry = await alice.post('/api/trades', body, key);
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    const again = await alice.post('/api/trades', body, key);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(retry.body);

    const created = await db.select().from(trades).where(eq(trades.proposerId, alice.user.id));
    expect(created.map((t) => t.id)).toEqual([retry.body.id]);
    expect(await count(db.select().from(tradeEvents).where(eq(tradeEvents.tradeId, retry.body.id)))).toBe(1);
    expect(heard).toEqual([retry.body.id]);
  });

  it('an accept whose answer could not be stored locks nothing and writes no ledger entry; the retry accepts once', async () => {
    const { db } = testApp().ctx;
    const alice = await memberWithSneakers(testApp(), 'alice');
    const bob = await memberWithSneakers(testApp(), 'bob');
    const trade = (await alice.post('/api/trades', proposal(alice, bob))).body;
    const key = { 'idempotency-key': 'accept-crash' };
    const ledgerOf = () => db.select().from(ledgerEntries).where(eq(ledgerEntries.tradeId, trade.id));
    const ledgerBefore = await count(ledgerOf());

    await breakStoringAnswers();
    expect((await bob.post(`/api/trades/${trade.id}/accept`, {}, key)).status).toBe(500);
    expect((await bob.get(`/api/trades/${trade.id}`)).body.status).toBe('pending');
    expect(await count(ledgerOf())).toBe(ledgerBefore);
    expect(await count(db.select().from(escrowLocks).where(eq(escrowLocks.tradeId, trade.id)))).toBe(0);

    await testApp().ctx.db.execute(sql.raw('drop trigger test_refuse_answer on idempotency_keys'));
    const retry = await bob.post(`/api/trades/${trade.id}/accept`, {}, key);
    expect(retry.status).toBe(200);
    expect(retry.body.status).toBe('accepted');
    const ledgerAfterAccept = await count(ledgerOf());
    expect(ledgerAfterAccept).toBeGreaterThan(ledgerBefore);

    const replay = await bob.post(`/api/trades/${trade.id}/accept`, {}, key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(retry.body);
    expect(await count(ledgerOf())).toBe(ledgerAfterAccept);
    const accepts = await db.select().from(tradeEvents).where(eq(tradeEvents.tradeId, trade.id));
    expect(accepts.filter((e) => e.action === 'accept')).toHaveLength(1);
  });

  it('the PUT synonym goes through the same path: a failed answer leaves the trade pending', async () => {
    const alice = await memberWithSneakers(testApp(), 'alice');
    const bob = await memberWithSneakers(testApp(), 'bob');
    const trade = (await alice.post('/api/trades', proposal(alice, bob))).body;
    const key = { 'idempotency-key': 'put-crash' };

    await breakStoringAnswers();
    expect((await bob.put(`/api/trades/${trade.id}`, { status: 'rejected' }, key)).status).toBe(500);
    expect((await bob.get(`/api/trades/${trade.id}`)).body.status).toBe('pending');

    await testApp().ctx.db.execute(sql.raw('drop trigger test_refuse_answer on idempotency_keys'));
    const retry = await bob.put(`/api/trades/${trade.id}`, { status: 'rejected' }, key);
    expect(retry.status).toBe(200);
    expect(retry.body.status).toBe('rejected');
  });

  it('a refusal rolls the work back and its answer is stored with it', async () => {
    const { db } = testApp().ctx;
    const alice = await memberWithSneakers(testApp(), 'alice');
    const bob = await memberWithSneakers(testApp(), 'bob');
    const key = { 'idempotency-key': 'self-trade' };
    const selfTrade = { ...proposal(alice, bob), receiverId: alice.user.id, receiverSneakerIds: [alice.sneakers[1]!.id] };
    const refused = await alice.post('/api/trades', selfTrade, key);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    const [stored] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, alice.user.id));
    expect(stored).toMatchObject({ statusCode: refused.status, responseBody: refused.body });
    expect(await count(db.select().from(trades).where(eq(trades.proposerId, alice.user.id)))).toBe(0);
  });

  it('a key claimed without an answer (left by an older server that died mid-request) is taken over by the retry', async () => {
    const { ctx } = testApp();
    const alice = await memberWithSneakers(testApp(), 'alice');
    const bob = await memberWithSneakers(testApp(), 'bob');
    const body = proposal(alice, bob);
    // The hash does not matter: an unanswered claim never committed any work under this scheme.
    await ctx.db
      .insert(idempotencyKeys)
      .values({ userId: alice.user.id, key: 'orphan', scope: 'POST /api/trades', requestHash: 'x', createdAt: ctx.now() });
    const res = await alice.post('/api/trades', body, { 'idempotency-key': 'orphan' });
    expect(res.status).toBe(201);
    expect(await count(ctx.db.select().from(trades).where(eq(trades.proposerId, alice.user.id)))).toBe(1);
  });
});
