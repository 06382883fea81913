import { describe, expect, it } from 'vitest';
import { buildSneaker, buildTrade } from '../../test/factories';
import { signIn, useTestApp } from '../../test/test-app';

/**
 * Input the schemas let through but the database cannot store or compare (ids beyond int4,
 * impossible dates) must be a 400 naming the problem, never a 500. The generic fuzz in
 * bad-input.int.test.ts cannot reach these: they need well-formed bodies and cursors.
 */
const BEYOND_INT4 = 2_147_483_648;
const cursor = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');

describe('values beyond what the database holds', () => {
  const testApp = useTestApp();

  async function twoMembers() {
    const { app, ctx } = testApp();
    const tag = Math.random().toString(36).slice(2, 8);
    const alice = await signIn(app, { email: `alice-${tag}@example.com`, username: `alice-${tag}` });
    const bob = await signIn(app, { email: `bob-${tag}@example.com`, username: `bob-${tag}` });
    const mine = await buildSneaker(ctx, { userId: alice.user.id });
    const theirs = await buildSneaker(ctx, { userId: bob.user.id });
    return { alice, bob, mine, theirs };
  }

  it('refuses sneaker and catalogue ids beyond int4 in bodies with 400', async () => {
    const { alice, bob, mine, theirs } = await twoMembers();
    const propose = await alice.post('/api/trades', {
      receiverId: bob.user.id,
      proposerSneakerIds: [mine.id],
      receiverSneakerIds: [BEYOND_INT4],
    });
    expect(propose.status).toBe(400);
    expect(propose.body.fields).toHaveProperty('receiverSneakerIds.0');

    const pending = await buildTrade(testApp().ctx, {
      proposerId: alice.user.id,
      receiverId: bob.user.id,
      proposerSneakerIds: [mine.id],
      receiverSneakerIds: [theirs.id],
    });
    const counter = await bob.post(`/api/trades/${pending.id}/counter`, { proposerSneakerIds: [BEYOND_INT4], receiverSneakerIds: [mine.id] });
    expect(counter.status).toBe(400);

    const sneaker = { name: 'Dunk Low Panda', brand: 'Nike', model: 'Dunk Low', size: '10', condition: '10', estimatedValue: 110 };
    const create = await alice.post('/api/sneakers', { ...sneaker, catalogReleaseId: BEYOND_INT4 });
    expect(create.status).toBe(400);
    expect(create.body.fields).toHaveProperty('catalogReleaseId');
    const edit = await alice.put(`/api/sneakers/${mine.id}`, { catalogReleaseId: BEYOND_INT4 });
    expect(edit.status).toBe(400);
  });

  it('refuses forged page cursors with ids beyond int4 or impossible dates with 400', async () => {
    const { alice } = await twoMembers();
    const forged = [
      `/api/catalog?cursor=${cursor({ r: 1, i: BEYOND_INT4 })}`,
      `/api/catalog?cursor=${cursor({ r: BEYOND_INT4, i: 1 })}`,
      `/api/sneakers?cursor=${cursor({ s: 'newest', t: 0, k: '2025-03-04 05:06:07+00', i: BEYOND_INT4 })}`,
      `/api/sneakers?cursor=${cursor({ s: 'newest', t: 0, k: '2025-02-30 05:06:07+00', i: 1 })}`,
      `/api/sneakers?cursor=${cursor({ s: 'newest', t: 0, k: '2025-13-04 25:06:07+00', i: 1 })}`,
      `/api/sneakers/public?cursor=${cursor({ s: 'newest', t: 0, k: '0000-01-01 00:00:00+00', i: 1 })}`,
    ];
    for (const url of forged) {
      const res = await alice.get(url);
      expect({ url, status: res.status, code: res.body.code }).toEqual({ url, status: 400, code: 'VALIDATION_FAILED' });
    }
    // A cursor the server wrote still works.
    const first = await alice.get('/api/sneakers?limit=1');
    const next = first.headers['x-next-cursor'];
    expect(typeof next).toBe('string');
    expect((await alice.get(`/api/sneakers?limit=1&cursor=${next}`)).status).toBe(200);
  });
});
