import { describe, expect, it } from 'vitest';
import { buildSneaker, buildTrade } from '../../test/factories';
import { signIn, useTestApp } from '../../test/test-app';
import { chooseShipTos, shipBody } from '../modules/trades/trades.int-helpers';

/**
 * Input the schemas let through but the database cannot store or compare (ids beyond int4,
 * impossible dates) must be a 400 naming the problem, never a 500. The generic fuzz in
 * hostile-input.int.test.ts seldom reaches these: they need well-formed bodies and cursors.
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

  it('refuses text with a NUL character (PostgreSQL text cannot hold one) with 400 naming the field', async () => {
    const { alice, bob, mine, theirs } = await twoMembers();
    const sneaker = { name: 'Dunk\u0000 Low', brand: 'Nike', model: 'Dunk Low', size: '10', condition: '10', estimatedValue: 110 };
    const create = await alice.post('/api/sneakers', sneaker);
    expect(create.status).toBe(400);
    expect(create.body.fields).toHaveProperty('name');

    for (const url of ['/api/sneakers?q=dunk%00', '/api/sneakers/public?q=dunk%00', '/api/catalog?q=dunk%00']) {
      const res = await alice.get(url);
      expect({ url, status: res.status, fields: res.body.fields }).toEqual({ url, status: 400, fields: { q: expect.any(String) } });
    }

    const propose = await alice.post('/api/trades', {
      receiverId: bob.user.id,
      proposerSneakerIds: [mine.id],
      receiverSneakerIds: [theirs.id],
      proposerMessage: 'Fair swap?\u0000',
    });
    expect(propose.status).toBe(400);
    expect(propose.body.fields).toHaveProperty('proposerMessage');

    const accepted = await buildTrade(testApp().ctx, {
      proposerId: alice.user.id,
      receiverId: bob.user.id,
      proposerSneakerIds: [mine.id],
      receiverSneakerIds: [theirs.id],
      status: 'accepted',
    });
    await chooseShipTos(accepted.id, bob);
    expect((await alice.post(`/api/trades/${accepted.id}/ship`, { trackingNumber: '1Z\u0000' })).status).toBe(400);
    expect((await alice.post(`/api/trades/${accepted.id}/dispute`, { reason: 'Wrong pair\u0000' })).status).toBe(400);
    // Nothing was recorded: the trade can still be shipped normally.
    expect((await alice.post(`/api/trades/${accepted.id}/ship`, shipBody())).status).toBe(200);

    const signup = await alice.post('/api/early-signup', { name: 'Ada\u0000', email: 'ada-nul@example.com' });
    expect(signup.status).toBe(400);
  });

  it('refuses a purchase date in year 0, which PostgreSQL has no such date for, with 400', async () => {
    const { alice } = await twoMembers();
    const sneaker = { name: 'Dunk Low Panda', brand: 'Nike', model: 'Dunk Low', size: '10', condition: '10', estimatedValue: 110 };
    const res = await alice.post('/api/sneakers', { ...sneaker, purchaseDate: '0000-06-01' });
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty('purchaseDate');
    expect((await alice.post('/api/sneakers', { ...sneaker, purchaseDate: '2024-02-29' })).status).toBe(201);
  });

  it('refuses invisible or direction-overriding names and purchase dates in year 1 or 2999 with 400, storing nothing', async () => {
    const { alice, mine } = await twoMembers();
    const sneaker = { name: 'Dunk Low Panda', brand: 'Nike', model: 'Dunk Low', size: '10', condition: '10', estimatedValue: 110 };
    const listed = async () => ((await alice.get('/api/sneakers?limit=50')).body as { id: number; name: string }[]).map((s) => `${s.id}:${s.name}`);
    const before = await listed();
    const refused = [
      { name: '\u200b\u200b\u200b' },
      { name: '\u202egpj.exe' },
      { model: '\u2060\ufeff' },
      { colorway: '\u202eBred' },
      { purchaseDate: '0001-01-01' },
      { purchaseDate: '2999-12-31' },
    ];
    for (const change of refused) {
      const create = await alice.post('/api/sneakers', { ...sneaker, ...change });
      const edit = await alice.put(`/api/sneakers/${mine.id}`, change);
      const field = Object.keys(change)[0]!;
      for (const res of [create, edit]) {
        expect({ change, status: res.status, code: res.body.code }).toEqual({ change, status: 400, code: 'VALIDATION_FAILED' });
        expect(res.body.fields).toHaveProperty(field);
      }
    }
    expect(await listed()).toEqual(before);
    const signup = await alice.post('/api/early-signup', { name: '\u200d\u200d', email: 'ghost@example.com' });
    expect(signup.status).toBe(400);
    expect(signup.body.fields).toHaveProperty('name');
  });
});
