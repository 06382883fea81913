import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildSneaker } from '../../test/factories';
import { TestClient, signIn, useTestApp } from '../../test/test-app';
import { catalogReleases, sneakers, trades } from '../db/schema/index';
import { enqueue } from '../jobs/job-queue';
import { runNextJob } from '../jobs/job-worker';
import { seedCatalog } from '../modules/catalog/seed-catalog';
import { chooseShipTos, memberWithSneakers, proposal, shipBody } from '../modules/trades/trades.int-helpers';

/**
 * Public reads answered from memory (server/src/http/response-cache.ts). To tell a cached answer
 * from a fresh one, some tests change a row behind the app's back (no request, no event): only
 * a cached answer can still show the old value.
 */
describe('the response cache of public reads', () => {
  const testApp = useTestApp({ RESPONSE_CACHE_MB: '8' });
  const visitor = () => new TestClient(testApp().app);
  const word = () => `Cachetest${randomBytes(3).toString('hex')}`;
  const changeValueBehindTheAppsBack = (id: number, estimatedValue: string) =>
    testApp().ctx.db.update(sneakers).set({ estimatedValue }).where(eq(sneakers.id, id));

  it('answers a repeated visitor search from the cache, next-page cursor included, whatever the order of the parameters', async () => {
    const { ctx } = testApp();
    const owner = await signIn(testApp().app, { email: `owner-${word()}@example.com` });
    const tag = word();
    const first = await buildSneaker(ctx, { userId: owner.user.id, name: `${tag} One`, estimatedValue: '100.00' });
    await buildSneaker(ctx, { userId: owner.user.id, name: `${tag} Two`, estimatedValue: '100.00' });

    const fresh = await visitor().get(`/api/sneakers/public?q=${tag}&limit=1`);
    expect(fresh.status).toBe(200);
    expect(fresh.body).toHaveLength(1);
    expect(fresh.headers['x-next-cursor']).toEqual(expect.any(String));
    expect(fresh.headers['x-cache']).toBe('miss');

    await changeValueBehindTheAppsBack(first.id, '555.00');
    await changeValueBehindTheAppsBack(first.id + 1, '555.00');
    for (const url of [`/api/sneakers/public?q=${tag}&limit=1`, `/api/sneakers/public?limit=1&q=${tag}`]) {
      const cached = await visitor().get(url);
      expect(cached.status).toBe(200);
      expect(cached.headers['x-cache']).toBe('hit');
      expect(cached.headers['content-type']).toBe(fresh.headers['content-type']);
      expect(cached.headers['x-next-cursor']).toBe(fresh.headers['x-next-cursor']);
      expect(cached.body).toEqual(fresh.body);
    }
    // The next page is its own entry, read afresh.
    const next = await visitor().get(`/api/sneakers/public?q=${tag}&limit=1&cursor=${String(fresh.headers['x-next-cursor'])}`);
    expect(next.body[0].estimatedValue).toBe('555.00');
  });

  it('serves hits compressed the way each client accepts (brotli, gzip or none), decoding to the cached answer', async () => {
    const { app, ctx } = testApp();
    const owner = await signIn(app, { email: `owner-${word()}@example.com` });
    const tag = word();
    for (let i = 0; i < 12; i++) await buildSneaker(ctx, { userId: owner.user.id, name: `${tag} Pair ${i}`, description: 'x'.repeat(200) });
    const url = `/api/sneakers/public?q=${tag}`;
    const get = (encoding?: string) => app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

    const miss = await get('br, gzip');
    expect(miss.headers['x-cache']).toBe('miss');
    expect(miss.headers['content-encoding']).toBe('br');
    const hit = await get('gzip, br');
    expect(hit.headers['x-cache']).toBe('hit');
    expect(hit.headers['content-encoding']).toBe('br');
    expect(hit.rawPayload.equals(miss.rawPayload)).toBe(true);
    expect(JSON.parse(brotliDecompressSync(hit.rawPayload).toString('utf8'))).toHaveLength(12);

    const gzipHit = await get('gzip');
    expect(gzipHit.headers['x-cache']).toBe('hit');
    expect(gzipHit.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipHit.rawPayload).toString('utf8'))).toHaveLength(12);
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toHaveLength(12);
  });

  it('reads afresh after a member adds, edits, hides or deletes a sneaker', async () => {
    const tag = word();
    const alice = await signIn(testApp().app, { email: `alice-${tag}@example.com` });
    const list = async () => (await visitor().get(`/api/sneakers/public?q=${tag}`)).body as Array<{ id: number; estimatedValue: string }>;
    const base = {
      brand: 'Jordan',
      model: 'Air Jordan 1',
      colorway: 'Chicago',
      size: '10',
      condition: '9',
      description: 'Clean pair',
      isAvailableForTrade: true,
    };

    expect(await list()).toEqual([]);
    const created = await alice.post('/api/sneakers', { ...base, name: `${tag} Chicago`, estimatedValue: '300' });
    expect(created.status).toBe(201);
    expect((await list()).map((s) => s.id)).toEqual([created.body.id]);

    const edited = await alice.put(`/api/sneakers/${created.body.id}`, { estimatedValue: '320' });
    expect(edited.status).toBe(200);
    expect((await list())[0]?.estimatedValue).toBe('320.00');
    expect((await visitor().get(`/api/sneakers/${created.body.id}`)).body.estimatedValue).toBe('320.00');

    expect((await alice.put(`/api/sneakers/${created.body.id}`, { isAvailableForTrade: false })).status).toBe(200);
    expect(await list()).toEqual([]);
    expect((await visitor().get(`/api/sneakers/${created.body.id}`)).status).toBe(404);

    expect((await alice.put(`/api/sneakers/${created.body.id}`, { isAvailableForTrade: true })).status).toBe(200);
    expect((await list()).map((s) => s.id)).toEqual([created.body.id]);
    expect((await alice.delete(`/api/sneakers/${created.body.id}`)).status).toBe(204);
    expect(await list()).toEqual([]);
    expect((await visitor().get(`/api/sneakers/user/${alice.user.id}`)).body).toEqual([]);
  });

  it('reads afresh after a moderator hides a listing', async () => {
    const { ctx } = testApp();
    const tag = word();
    const admin = await signIn(testApp().app, { email: `admin-${tag}@example.com`, role: 'admin' });
    const reporter = await signIn(testApp().app, { email: `reporter-${tag}@example.com` });
    const owner = await signIn(testApp().app, { email: `owner-${tag}@example.com` });
    const pair = await buildSneaker(ctx, { userId: owner.user.id, name: `${tag} Reported` });
    expect((await visitor().get(`/api/sneakers/public?q=${tag}`)).body).toHaveLength(1);
    expect((await visitor().get(`/api/sneakers/${pair.id}`)).status).toBe(200);

    const reported = await reporter.post('/api/reports', { kind: 'listing', targetId: pair.id, reason: 'Looks fake' });
    expect(reported.status).toBe(201);
    const resolved = await admin.post(`/api/admin/reports/${reported.body.id}/resolve`, { action: 'hide-listing', note: 'Counterfeit photos' });
    expect(resolved.status).toBe(200);
    expect((await visitor().get(`/api/sneakers/public?q=${tag}`)).body).toEqual([]);
    expect((await visitor().get(`/api/sneakers/${pair.id}`)).status).toBe(404);
  });

  it('shows the new owner once a trade completes', async () => {
    const alice = await memberWithSneakers(testApp(), 'alice', 1);
    const bob = await memberWithSneakers(testApp(), 'bob', 1);
    const wanted = bob.sneakers[0]!;
    const ownerSeen = async () => (await visitor().get(`/api/sneakers/${wanted.id}`)).body.owner?.id;
    expect(await ownerSeen()).toBe(bob.user.id);

    const proposed = await alice.post('/api/trades', proposal(alice, bob));
    expect(proposed.status).toBe(201);
    const tradeId = proposed.body.id;
    expect((await bob.post(`/api/trades/${tradeId}/accept`)).status).toBe(200);
    await chooseShipTos(tradeId, alice, bob);
    await alice.post(`/api/trades/${tradeId}/ship`, shipBody());
    await bob.post(`/api/trades/${tradeId}/ship`, shipBody());
    await alice.post(`/api/trades/${tradeId}/receive`);
    expect(await ownerSeen()).toBe(bob.user.id);
    expect((await bob.post(`/api/trades/${tradeId}/receive`)).body.status).toBe('completed');
    expect(await ownerSeen()).toBe(alice.user.id);
  });

  it('shows an updated library once an admin runs Update Library', async () => {
    const { ctx } = testApp();
    await seedCatalog(ctx);
    const [release] = await ctx.db.select().from(catalogReleases).where(eq(catalogReleases.popularityRank, 1));
    const search = `/api/catalog?q=${encodeURIComponent(release!.styleCode)}`;
    // An outdated library, as if an older list had been shipped: visitors see it, from the cache on.
    await ctx.db.update(catalogReleases).set({ name: 'Outdated name' }).where(eq(catalogReleases.id, release!.id));
    expect((await visitor().get(search)).body[0].name).toBe('Outdated name');
    expect((await visitor().get(search)).headers['x-cache']).toBe('hit');

    const admin = await signIn(testApp().app, { email: `admin-${word()}@example.com`, role: 'admin' });
    expect((await admin.post('/api/admin/seed-sneakers')).status).toBe(200);
    expect((await visitor().get(search)).body[0].name).toBe(release!.name);
  });

  it('reads afresh once a background job (verification results, prices) has run', async () => {
    const { ctx } = testApp();
    const owner = await signIn(testApp().app, { email: `owner-${word()}@example.com` });
    const pair = await buildSneaker(ctx, { userId: owner.user.id, estimatedValue: '100.00' });
    expect((await visitor().get(`/api/sneakers/${pair.id}`)).body.estimatedValue).toBe('100.00');

    const kind = `test.revalue-${word()}`;
    await enqueue(ctx.db, kind, { id: pair.id });
    const revalue = async () => {
      await changeValueBehindTheAppsBack(pair.id, '180.00');
    };
    expect(await runNextJob(ctx, { handlers: { [kind]: revalue }, recurring: [] })).toMatchObject({ kind, failed: false });
    await ctx.events.idle();
    expect((await visitor().get(`/api/sneakers/${pair.id}`)).body.estimatedValue).toBe('180.00');
  });

  it('never gives a member the answer cached for visitors where theirs differs', async () => {
    const { ctx } = testApp();
    const tag = word();
    const carol = await signIn(testApp().app, { email: `carol-${tag}@example.com` });
    const dan = await signIn(testApp().app, { email: `dan-${tag}@example.com` });
    const pair = await buildSneaker(ctx, { userId: carol.user.id, name: `${tag} Pair` });
    expect((await dan.post(`/api/users/${carol.user.id}/block`)).status).toBe(200);

    const url = `/api/sneakers/public?q=${tag}`;
    const seenByVisitors = (await visitor().get(url)).body as Array<{ id: number; allowedActions: string[] }>;
    expect(seenByVisitors.map((s) => [s.id, s.allowedActions])).toEqual([[pair.id, []]]);
    expect((await visitor().get(url)).headers['x-cache']).toBe('hit');

    // Carol may edit her own pair; Dan, who blocked her, does not see it at all.
    const seenByCarol = (await carol.get(url)).body as typeof seenByVisitors;
    expect(seenByCarol[0]?.allowedActions).toContain('edit');
    expect((await dan.get(url)).body).toEqual([]);
    expect((await dan.get(`/api/sneakers/${pair.id}`)).status).toBe(404);
    // And a member's answer is not kept for visitors either.
    expect((await visitor().get(`/api/sneakers/${pair.id}`)).body.allowedActions).toEqual([]);
  });
});

/**
 * A member's own trade list, kept for that member alone (cache-policy.ts, CACHED_MEMBER_READS).
 * A trade changed behind the app's back tells a cached answer from a fresh one.
 */
describe("the response cache of a member's trade list", () => {
  const testApp = useTestApp({ RESPONSE_CACHE_MB: '8' });
  const changeMessageBehindTheAppsBack = (id: number, proposerMessage: string) =>
    testApp().ctx.db.update(trades).set({ proposerMessage }).where(eq(trades.id, id));
  type Listed = { id: number; status: string; myRole: string; proposerMessage: string | null; counterparty: { username: string | null } };
  const listOf = async (client: TestClient, query = '') => {
    const response = await client.get(`/api/trades${query}`);
    expect(response.status).toBe(200);
    return { cache: response.headers['x-cache'], trades: response.body as Listed[] };
  };
  const openTrade = async () => {
    const alice = await memberWithSneakers(testApp(), 'alice', 1);
    const bob = await memberWithSneakers(testApp(), 'bob', 1);
    const proposed = await alice.post('/api/trades', proposal(alice, bob, { message: 'First words' }));
    expect(proposed.status).toBe(201);
    return { alice, bob, tradeId: proposed.body.id as number };
  };

  it("answers a member's repeated read from the cache, and only that member", async () => {
    const { alice, bob, tradeId } = await openTrade();
    expect(await listOf(alice)).toMatchObject({ cache: 'miss', trades: [{ id: tradeId, myRole: 'proposer', proposerMessage: 'First words' }] });
    await changeMessageBehindTheAppsBack(tradeId, 'Changed behind the back');
    expect(await listOf(alice)).toMatchObject({ cache: 'hit', trades: [{ id: tradeId, myRole: 'proposer', proposerMessage: 'First words' }] });

    // Bob's list of the same trade is his own answer, read afresh; a filtered list is its own entry.
    expect(await listOf(bob)).toMatchObject({
      cache: 'miss',
      trades: [{ id: tradeId, myRole: 'receiver', proposerMessage: 'Changed behind the back' }],
    });
    expect(await listOf(alice, '?status=pending')).toMatchObject({ cache: 'miss', trades: [{ proposerMessage: 'Changed behind the back' }] });
    expect((await new TestClient(testApp().app).get('/api/trades')).status).toBe(401);
  });

  it('reads afresh after the counterpart renames, a sneaker on the trade is edited or the trade moves on', async () => {
    const { alice, bob, tradeId } = await openTrade();
    await listOf(alice);
    expect((await listOf(alice)).cache).toBe('hit');

    const username = `bobby${randomBytes(3).toString('hex')}`;
    expect((await bob.request('PATCH', '/api/auth/user', { username })).status).toBe(200);
    expect(await listOf(alice)).toMatchObject({ cache: 'miss', trades: [{ counterparty: { username } }] });

    expect((await bob.put(`/api/sneakers/${bob.sneakers[0]!.id}`, { name: 'Renamed pair' })).status).toBe(200);
    const afterEdit = (await alice.get('/api/trades')).body as Array<{ receiverSneakers: Array<{ name: string }> }>;
    expect(afterEdit[0]?.receiverSneakers[0]?.name).toBe('Renamed pair');

    expect((await bob.post(`/api/trades/${tradeId}/reject`)).status).toBe(200);
    expect(await listOf(alice)).toMatchObject({ cache: 'miss', trades: [{ id: tradeId, status: 'rejected' }] });
  });

  it('refuses a member suspended since their list was cached', async () => {
    const { alice } = await openTrade();
    const admin = await signIn(testApp().app, { email: `admin-${randomBytes(3).toString('hex')}@example.com`, role: 'admin' });
    await listOf(alice);
    expect((await listOf(alice)).cache).toBe('hit');
    expect((await admin.post(`/api/admin/users/${alice.user.id}/suspend`, { reason: 'Selling fakes' })).status).toBe(200);
    expect((await alice.get('/api/trades')).status).toBe(401);
  });
});
