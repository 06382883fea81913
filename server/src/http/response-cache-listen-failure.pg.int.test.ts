import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildSneaker } from '../../test/factories';
import { signIn, TestClient, useTestApp } from '../../test/test-app';
import { RESPONSE_CACHE_CHANNEL } from './response-cache/invalidation-channel';

/**
 * When the response cache cannot LISTEN for the other instances' invalidations (PostgreSQL refuses
 * the connection or the command), nothing it keeps could be trusted: every read is answered afresh,
 * uncached, and none fails. (PGlite has no other instance to hear from.)
 */
describe('the response cache without its notification connection', () => {
  const testApp = useTestApp({ RESPONSE_CACHE_MB: '8' });
  const query = pg.Client.prototype.query;
  let listens = 0;

  beforeAll(() => {
    // pg's query also has callback overloads that return void; this stands in for the promise form.
    // eslint-disable-next-line @typescript-eslint/no-misused-promises
    vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
      if (typeof args[0] === 'string' && args[0].startsWith(`LISTEN ${RESPONSE_CACHE_CHANNEL}`)) {
        listens += 1;
        return Promise.reject(new Error('LISTEN refused'));
      }
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query);
  });
  afterAll(() => {
    vi.restoreAllMocks();
  });

  it("answers visitors' searches and a member's trade list afresh, never failing", async () => {
    const { app, ctx } = testApp();
    const tag = `Nolisten${randomBytes(3).toString('hex')}`;
    const ann = await signIn(app, { email: `ann-${tag}@example.com` });
    const pair = await buildSneaker(ctx, { userId: ann.user.id, name: `${tag} Pair` });
    const visitor = new TestClient(app);
    for (let i = 0; i < 3; i++) {
      const search = await visitor.get(`/api/sneakers/public?q=${tag}`);
      expect(search.status).toBe(200);
      expect(search.body.map((s: { id: number }) => s.id)).toEqual([pair.id]);
      expect(search.headers['x-cache']).toBeUndefined();
      const trades = await ann.get('/api/trades');
      expect(trades.status).toBe(200);
      expect(trades.headers['x-cache']).toBeUndefined();
    }
    expect(listens).toBeGreaterThan(0);
  });
});
