import { rowsOf } from '../db/raw-rows';
import { sql } from 'drizzle-orm';
import { MESSAGES_PER_MINUTE } from '@soleswap/contracts/chat';
import { describe, expect, it } from 'vitest';
import { TEST_ORIGIN, TestClient, signIn, useTestApp, type ApiResponse } from '../../test/test-app';
import { REPORT_REQUESTS_PER_MINUTE } from '../modules/moderation/moderation.routes';
import { SNEAKERS_CREATED_PER_MINUTE } from '../modules/sneakers/sneakers.routes';
import { PROPOSALS_PER_MINUTE } from '../modules/trades/trades.routes';
import { VERIFICATIONS_PER_MINUTE } from '../modules/verification/verification-rate-limit';
import { sweepExpiredRateLimitHits } from './rate-limit-store';
import { buildSneaker } from '../../test/factories';

/** Sends `allowed` requests, each answered by the route itself, then one more: that one is refused. */
async function floodUntilRefused(send: (i: number) => Promise<ApiResponse>, allowed: number): Promise<ApiResponse> {
  for (let i = 0; i < allowed; i++) {
    const res = await send(i);
    if (res.status === 429) throw new Error(`request ${i + 1} of ${allowed} was already refused`);
  }
  return send(allowed);
}

function expectRateLimited(res: ApiResponse) {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({ code: 'RATE_LIMITED', message: expect.stringMatching(/try again/i) });
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

describe('rate limits on the routes a script could flood', () => {
  const testApp = useTestApp();
  const anonymous = () => new TestClient(testApp().app);
  const member = (name: string) => signIn(testApp().app, { email: `${name}@example.com`, username: name });

  it('sign-in: 10 attempts a minute from one address, then 429 with Retry-After', async () => {
    const client = anonymous();
    const refused = await floodUntilRefused(
      () => client.post('/idp/interaction/no-such-uid/login', { email: 'a@example.com', password: 'wrong-password' }),
      10,
    );
    expectRateLimited(refused);
  });

  it('sign-up: 5 attempts a minute from one address', async () => {
    const client = anonymous();
    const refused = await floodUntilRefused(
      (i) => client.post('/idp/interaction/no-such-uid/signup', { email: `s${i}@example.com`, username: `s${i}`, password: 'password123' }),
      5,
    );
    expectRateLimited(refused);
  });

  it('early signup: 10 a minute from one address', async () => {
    const client = anonymous();
    const refused = await floodUntilRefused(
      (i) => client.post('/api/early-signup', { name: 'Sam', email: `early${i}@example.com` }, { origin: TEST_ORIGIN }),
      10,
    );
    expectRateLimited(refused);
  });

  it('sneaker creation, per member: another member keeps their own allowance', async () => {
    const flooder = await member('sneakerflood');
    const refused = await floodUntilRefused(() => flooder.post('/api/sneakers', { name: '' }), SNEAKERS_CREATED_PER_MINUTE);
    expectRateLimited(refused);
    const other = await member('sneakercalm');
    expect((await other.post('/api/sneakers', { name: '' })).status).toBe(400);
  });

  it('trade proposals and counter-offers, per member', async () => {
    const flooder = await member('tradeflood');
    expectRateLimited(await floodUntilRefused(() => flooder.post('/api/trades', {}), PROPOSALS_PER_MINUTE));
    expectRateLimited(await floodUntilRefused(() => flooder.post('/api/trades/1/counter', {}), PROPOSALS_PER_MINUTE));
  });

  it('chat messages: one budget per member across threads', async () => {
    const flooder = await member('chatflood');
    const refused = await floodUntilRefused(
      (i) => flooder.post(i % 2 ? '/api/trades/999999/messages' : '/api/conversations/999999/messages', { content: 'hello' }),
      MESSAGES_PER_MINUTE,
    );
    expectRateLimited(refused);
  });

  it('reports, per member', async () => {
    const flooder = await member('reportflood');
    expectRateLimited(await floodUntilRefused(() => flooder.post('/api/reports', {}), REPORT_REQUESTS_PER_MINUTE));
  });

  it('verification, per member', async () => {
    const flooder = await member('verifyflood');
    expectRateLimited(await floodUntilRefused(() => flooder.post('/api/sneakers/999999/verify'), VERIFICATIONS_PER_MINUTE));
  });

  it('a replayed request (same Idempotency-Key, same body) uses up no limit', async () => {
    const t = testApp();
    const ann = await member('replayann');
    const bob = await member('replaybob');
    const annPair = await buildSneaker(t.ctx, { userId: ann.user.id });
    const bobPair = await buildSneaker(t.ctx, { userId: bob.user.id });

    /** The keyed request, then all but one of the limit used by others, the replays, then the last one allowed and a refusal. */
    async function check(limit: number, keyed: () => Promise<ApiResponse>, other: (i: number) => Promise<ApiResponse>, allowedStatus: number) {
      const first = await keyed();
      expect(first.status).toBeLessThan(300);
      for (let i = 0; i < limit - 2; i++) expect((await other(i)).status).toBe(allowedStatus);
      for (let i = 0; i < 5; i++) {
        const replay = await keyed();
        expect(replay.status).toBe(first.status);
        expect(replay.headers['idempotent-replayed']).toBe('true');
        expect(replay.body).toEqual(first.body);
      }
      expect((await other(limit)).status).toBe(allowedStatus);
      expectRateLimited(await other(limit + 1));
    }

    // Counted by the rate-limit plugin (trade proposals).
    const proposal = { receiverId: bob.user.id, proposerSneakerIds: [annPair.id], receiverSneakerIds: [bobPair.id] };
    let tradeId = 0;
    await check(
      PROPOSALS_PER_MINUTE,
      async () => {
        const res = await ann.post('/api/trades', proposal, { 'idempotency-key': 'replay-proposal' });
        tradeId = res.body.id;
        return res;
      },
      () => ann.post('/api/trades', {}),
      400,
    );
    // Counted in the post's own transaction (a trade's chat) ...
    await check(
      MESSAGES_PER_MINUTE,
      () => bob.post(`/api/trades/${tradeId}/messages`, { content: 'Still keen?' }, { 'idempotency-key': 'replay-trade-message' }),
      (i) => bob.post(`/api/trades/${tradeId}/messages`, { content: `note ${i}` }),
      201,
    );
    // ... and in a batch of posts (a conversation).
    const conversation = await ann.post('/api/conversations', { userId: bob.user.id });
    await check(
      MESSAGES_PER_MINUTE,
      () => ann.post(`/api/conversations/${conversation.body.id}/messages`, { content: 'Hi Bob' }, { 'idempotency-key': 'replay-message' }),
      (i) => ann.post(`/api/conversations/${conversation.body.id}/messages`, { content: `hello ${i}` }),
      201,
    );
  });

  it('keeps the counters in the database, and the sweep removes only windows that are over', async () => {
    const { db } = testApp().ctx;
    const count = async () => rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from rate_limit_hits`))[0]!.n;
    const before = await count();
    expect(before).toBeGreaterThan(0);
    await db.execute(
      sql`insert into rate_limit_hits (key, count, window_start, expires_at) values ('old', 3, now() - interval '2 minutes', now() - interval '1 minute')`,
    );
    await sweepExpiredRateLimitHits(db);
    expect(await count()).toBe(before);
  });
});

/** REDIS_URL names a Redis that does not answer (nothing listens on port 9): the limits still hold. */
describe('rate limits while Redis is away', () => {
  const testApp = useTestApp({ REDIS_URL: 'redis://127.0.0.1:9' });

  it('counts in the database instead of failing the request', async () => {
    const client = new TestClient(testApp().app);
    const refused = await floodUntilRefused(
      () => client.post('/idp/interaction/no-such-uid/login', { email: 'a@example.com', password: 'wrong-password' }),
      10,
    );
    expectRateLimited(refused);
    const rows = await testApp().ctx.db.execute(sql`select count(*)::int as n from rate_limit_hits`);
    expect(rowsOf<{ n: number }>(rows)[0]!.n).toBeGreaterThan(0);
  });
});
