import { rowsOf } from '../db/raw-rows';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sneakers } from '../db/schema/index';
import { buildSneaker } from '../../test/factories';
import { signIn, TestClient } from '../../test/test-app';
import { useTwoInstances } from '../../test/two-instances';
import { memberWithSneakers, proposal } from '../modules/trades/trades.int-helpers';

/**
 * Two server instances on one PostgreSQL database, as behind a load balancer: each caches public
 * reads in its own memory, and a write through one stops the other serving what it cached.
 * (PGlite is one process by design.)
 */
describe('the response cache across two instances on one database', () => {
  const instances = useTwoInstances({ RESPONSE_CACHE_MB: '8' });

  it('reads afresh on instance B once a member hides a sneaker through instance A', async () => {
    const { instanceA, appB } = instances();
    const { ctx } = instanceA;
    const tag = `Twoinstances${randomBytes(3).toString('hex')}`;
    const alice = await signIn(instanceA.app, { email: `alice-${tag}@example.com` });
    const pair = await buildSneaker(ctx, { userId: alice.user.id, name: `${tag} Pair`, estimatedValue: '100.00' });
    const onB = new TestClient(appB);
    const url = `/api/sneakers/public?q=${tag}`;

    expect((await onB.get(url)).body.map((s: { id: number }) => s.id)).toEqual([pair.id]);
    // The sign-in's write was announced too, and its notice may reach B just after that first read:
    // wait until B answers from its cache, so only what follows is under test.
    await expect.poll(async () => (await onB.get(url)).headers['x-cache'], { timeout: 10_000, interval: 50 }).toBe('hit');
    // B answers from its cache: a change nobody announced does not show there.
    await ctx.db.update(sneakers).set({ estimatedValue: '555.00' }).where(eq(sneakers.id, pair.id));
    const cached = await onB.get(url);
    expect(cached.headers['x-cache']).toBe('hit');
    expect(cached.body[0].estimatedValue).toBe('100.00');

    expect((await alice.put(`/api/sneakers/${pair.id}`, { isAvailableForTrade: false })).status).toBe(200);
    // The notification reaches B after A's commit, a moment later.
    await expect.poll(async () => (await onB.get(url)).body, { timeout: 10_000, interval: 50 }).toEqual([]);

    // B holds one LISTEN connection however many reads it served; A, which served none, holds none.
    const listening = rowsOf<{ n: number }>(
      await ctx.db.execute(
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and query ilike 'LISTEN response_cache%'`,
      ),
    );
    expect(listening[0]?.n).toBe(1);
  });

  it("reads a member's trade list afresh on instance B once the trade moves on through instance A", async () => {
    const { instanceA, appB } = instances();
    const alice = await memberWithSneakers(instanceA, 'alice', 1);
    const bob = await memberWithSneakers(instanceA, 'bob', 1);
    const proposed = await alice.post('/api/trades', proposal(alice, bob));
    expect(proposed.status).toBe(201);
    const aliceOnB = Object.assign(new TestClient(appB), { cookie: alice.cookie });
    const statusOnB = async () => {
      const response = await aliceOnB.get('/api/trades');
      return { cache: response.headers['x-cache'], status: (response.body as Array<{ status: string }>)[0]?.status };
    };

    await expect.poll(statusOnB, { timeout: 10_000, interval: 50 }).toEqual({ cache: 'hit', status: 'pending' });
    expect((await bob.post(`/api/trades/${proposed.body.id}/accept`)).status).toBe(200);
    await expect.poll(async () => (await statusOnB()).status, { timeout: 10_000, interval: 50 }).toBe('accepted');
  });
});
