import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TestClient, signIn, useTestApp } from '../../../test/test-app';
import { sneakers } from '../../db/schema/index';
import { seedCatalog } from '../catalog/seed-catalog';

const aj4 = {
  name: 'Air Jordan 4 Bred',
  brand: 'Jordan',
  model: 'Air Jordan 4',
  colorway: 'Black/Fire Red',
  size: '10',
  condition: '9.5',
  estimatedValue: '250',
  description: 'Worn twice',
  isAvailableForTrade: true,
};

describe('a member locker', () => {
  const testApp = useTestApp();
  const member = (name: string) => signIn(testApp().app, { email: `${name}@example.com`, username: name });

  it('adds, shows, edits, hides and deletes a sneaker', async () => {
    const alice = await member('alice');
    const created = await alice.post('/api/sneakers', aj4);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Air Jordan 4 Bred',
      brand: 'Jordan',
      size: '10',
      condition: '9.5',
      estimatedValue: '250.00',
      isVerified: false,
      isAvailableForTrade: true,
      isLocked: false,
      userId: alice.user.id,
      owner: { id: alice.user.id, username: 'alice' },
    });
    expect(Date.parse(created.body.createdAt)).not.toBeNaN();
    const id = created.body.id;

    expect((await alice.get(`/api/sneakers/${id}`)).body.name).toBe('Air Jordan 4 Bred');
    const mine = await alice.get(`/api/sneakers/user/${alice.user.id}`);
    expect(mine.body.map((s: { id: number }) => s.id)).toContain(id);

    const edited = await alice.put(`/api/sneakers/${id}`, { estimatedValue: 275.5, condition: 9, description: '' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ estimatedValue: '275.50', condition: '9.0', description: null, name: 'Air Jordan 4 Bred' });

    const hidden = await alice.put(`/api/sneakers/${id}`, { isAvailableForTrade: false });
    expect(hidden.body.isAvailableForTrade).toBe(false);

    expect((await alice.delete(`/api/sneakers/${id}`)).status).toBe(204);
    expect((await alice.get(`/api/sneakers/${id}`)).status).toBe(404);
    expect((await alice.delete(`/api/sneakers/${id}`)).status).toBe(404);
  });

  it('names every missing required field with the spec message', async () => {
    const alice = await member('alice-validation');
    const res = await alice.post('/api/sneakers', { description: 'no fields' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.fields).toEqual({
      name: 'Sneaker name is required',
      brand: 'Brand is required',
      model: 'Model is required',
      size: 'Size is required',
      condition: 'Condition is required',
      estimatedValue: 'Estimated value is required',
    });
  });

  it('refuses a brand, size or condition outside the lists, and a non-positive value', async () => {
    const alice = await member('alice-choices');
    for (const [field, value] of [
      ['brand', 'Gucci'],
      ['size', '3'],
      ['size', '15.5'],
      ['condition', '4.5'],
      ['condition', 'mint'],
      ['estimatedValue', '0'],
      ['estimatedValue', 'lots'],
    ] as const) {
      const res = await alice.post('/api/sneakers', { ...aj4, [field]: value });
      expect(res.status, `${field}=${value}`).toBe(400);
      expect(Object.keys(res.body.fields), `${field}=${value}`).toEqual([field]);
    }
    const count = (await alice.get(`/api/sneakers/user/${alice.user.id}`)).body.length;
    expect(count).toBe(0);
  });

  it('never lets a client mark its own sneaker verified', async () => {
    const alice = await member('alice-verified');
    const created = await alice.post('/api/sneakers', { ...aj4, isVerified: true });
    expect(created.status).toBe(201);
    expect(created.body.isVerified).toBe(false);
    const updated = await alice.put(`/api/sneakers/${created.body.id}`, { isVerified: true, description: 'legit' });
    expect(updated.body.isVerified).toBe(false);
  });

  it('drops an earlier verification when the owner changes what the sneaker is', async () => {
    const { ctx } = testApp();
    const alice = await member('alice-reverify');
    const id = (await alice.post('/api/sneakers', aj4)).body.id;
    await ctx.db.update(sneakers).set({ isVerified: true, verificationScore: '0.95' }).where(eq(sneakers.id, id));
    expect((await alice.put(`/api/sneakers/${id}`, { estimatedValue: '300' })).body.isVerified).toBe(true);
    expect((await alice.put(`/api/sneakers/${id}`, { size: '10' })).body.isVerified).toBe(true);
    expect((await alice.put(`/api/sneakers/${id}`, { size: '12' })).body.isVerified).toBe(false);
  });

  it('keeps other members and visitors away from a sneaker they do not own', async () => {
    const { app } = testApp();
    const alice = await member('alice-owner');
    const bob = await member('bob');
    const id = (await alice.post('/api/sneakers', aj4)).body.id;

    const edit = await bob.put(`/api/sneakers/${id}`, { name: 'Mine now', isAvailableForTrade: false });
    expect(edit.status).toBe(403);
    expect(edit.body.code).toBe('FORBIDDEN');
    const remove = await bob.delete(`/api/sneakers/${id}`);
    expect(remove.status).toBe(403);

    const visitor = new TestClient(app);
    expect((await visitor.put(`/api/sneakers/${id}`, { isAvailableForTrade: false })).status).toBe(401);
    expect((await visitor.delete(`/api/sneakers/${id}`)).status).toBe(401);
    expect((await visitor.post('/api/sneakers', aj4)).status).toBe(401);
    expect((await visitor.get('/api/sneakers')).status).toBe(401);

    const after = (await alice.get(`/api/sneakers/${id}`)).body;
    expect(after).toMatchObject({ name: aj4.name, isAvailableForTrade: true });
    expect((await bob.put('/api/sneakers/987654', { name: 'x' })).status).toBe(404);
    expect((await bob.put('/api/sneakers/not-an-id', { name: 'x' })).status).toBe(404);
  });

  it('browses other members’ sneakers only: never your own, never hidden ones', async () => {
    const carol = await member('carol-browse');
    const dave = await member('dave-browse');
    const carolShown = (await carol.post('/api/sneakers', { ...aj4, name: 'Browse Carol Shown' })).body;
    const carolHidden = (await carol.post('/api/sneakers', { ...aj4, name: 'Browse Carol Hidden', isAvailableForTrade: false })).body;
    const daveShown = (await dave.post('/api/sneakers', { ...aj4, name: 'Browse Dave Shown' })).body;
    const daveHidden = (await dave.post('/api/sneakers', { ...aj4, name: 'Browse Dave Hidden', isAvailableForTrade: false })).body;
    const ids = (res: { body: Array<{ id: number }> }) => res.body.map((s) => s.id);

    expect(ids(await dave.get('/api/sneakers?q=browse'))).toEqual([carolShown.id]);
    expect(ids(await carol.get('/api/sneakers?q=browse&brand=all'))).toEqual([daveShown.id]);
    // The home page's latest drops read the same list.
    const latest = ids(await dave.get('/api/sneakers?limit=100'));
    expect(latest).toContain(carolShown.id);
    expect(latest).not.toContain(daveShown.id);
    expect(latest).not.toContain(daveHidden.id);
    expect(latest).not.toContain(carolHidden.id);

    // The sneakers of a trade are asked for by id: both sides, hidden ones included.
    const traded = ids(await dave.get(`/api/sneakers?ids=${carolHidden.id},${daveHidden.id},${daveShown.id}`));
    expect(traded.sort()).toEqual([carolHidden.id, daveHidden.id, daveShown.id].sort());
  });

  it('keeps hidden sneakers off the public list and other profiles; members may still open one', async () => {
    const { app } = testApp();
    const carol = await member('carol');
    const dave = await member('dave');
    const shown = (await carol.post('/api/sneakers', { ...aj4, name: 'Carol Shown Pair' })).body;
    const hidden = (await carol.post('/api/sneakers', { ...aj4, name: 'Carol Hidden Pair', isAvailableForTrade: false })).body;
    const visitor = new TestClient(app);

    const ids = (res: { body: Array<{ id: number }> }) => res.body.map((s) => s.id);
    const publicIds = ids(await visitor.get('/api/sneakers/public?q=carol'));
    expect(publicIds).toContain(shown.id);
    expect(publicIds).not.toContain(hidden.id);

    expect(ids(await dave.get(`/api/sneakers/user/${carol.user.id}`))).toEqual([shown.id]);
    expect(ids(await visitor.get(`/api/sneakers/user/${carol.user.id}`))).toEqual([shown.id]);
    expect(ids(await carol.get(`/api/sneakers/user/${carol.user.id}`))).toEqual([hidden.id, shown.id]);

    expect((await visitor.get(`/api/sneakers/${hidden.id}`)).status).toBe(404);
    expect((await dave.get(`/api/sneakers/${hidden.id}`)).body.isAvailableForTrade).toBe(false);
    expect((await visitor.get('/api/sneakers/user/00000000-0000-0000-0000-000000000000')).status).toBe(404);
    expect((await visitor.get('/api/sneakers/user/nobody')).status).toBe(404);
  });

  it('answers the sneakers of a trade by ids, and the latest drops with a limit', async () => {
    const erin = await member('erin');
    const a = (await erin.post('/api/sneakers', { ...aj4, name: 'Erin A' })).body.id;
    const b = (await erin.post('/api/sneakers', { ...aj4, name: 'Erin B' })).body.id;
    const res = await erin.get(`/api/sneakers?ids=${a},${b}`);
    expect(res.body.map((s: { id: number }) => s.id).sort()).toEqual([a, b].sort());
    const latest = await (await member('erin-neighbour')).get('/api/sneakers?limit=1');
    expect(latest.body).toHaveLength(1);
    expect(latest.body[0].id).toBe(b);
    expect(latest.headers['x-next-cursor']).toEqual(expect.any(String));
    expect((await erin.get('/api/sneakers?ids=1,abc')).status).toBe(400);
  });

  it('links a catalogue release and copies its market price, chosen or matched on save', async () => {
    const { ctx } = testApp();
    await seedCatalog(ctx);
    const frank = await member('frank');
    const [release] = (await frank.get('/api/catalog?limit=1')).body;

    const chosen = await frank.post('/api/sneakers', { ...aj4, catalogReleaseId: release.id });
    expect(chosen.body).toMatchObject({
      catalogReleaseId: release.id,
      marketPrice: release.marketPrice,
      priceRangeLow: release.priceRangeLow,
      priceRangeHigh: release.priceRangeHigh,
    });

    const matched = await frank.post('/api/sneakers', {
      ...aj4,
      brand: release.brand,
      model: release.model.toUpperCase(),
      colorway: release.colorway.toLowerCase(),
    });
    expect(matched.body).toMatchObject({ catalogReleaseId: release.id, marketPrice: release.marketPrice });

    const unmatched = await frank.post('/api/sneakers', { ...aj4, colorway: 'Nothing Like It' });
    expect(unmatched.body).toMatchObject({ catalogReleaseId: null, marketPrice: null });

    const unknown = await frank.post('/api/sneakers', { ...aj4, catalogReleaseId: 999999 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields).toEqual({ catalogReleaseId: 'No such release in the catalogue' });
  });

  it('gives a pair linked without a style code its release’s, so Verify has one to check', async () => {
    const { ctx } = testApp();
    await seedCatalog(ctx);
    const grace = await member('grace');
    const [release] = (await grace.get('/api/catalog?limit=1')).body;

    const withoutCode = await grace.post('/api/sneakers', { ...aj4, catalogReleaseId: release.id });
    expect(withoutCode.status).toBe(201);
    expect(withoutCode.body.styleCode).toBe(release.styleCode);
    const blankCode = await grace.post('/api/sneakers', { ...aj4, styleCode: '  ', catalogReleaseId: release.id });
    expect(blankCode.body.styleCode).toBe(release.styleCode);
    expect((await grace.get(`/api/sneakers/${withoutCode.body.id}`)).body.styleCode).toBe(release.styleCode);

    // The member's own code stays; an unlinked pair gets none.
    const ownCode = await grace.post('/api/sneakers', { ...aj4, styleCode: 'OWN-123', catalogReleaseId: release.id });
    expect(ownCode.body.styleCode).toBe('OWN-123');
    const unlinked = await grace.post('/api/sneakers', { ...aj4, colorway: 'Nothing Like It' });
    expect(unlinked.body.styleCode).toBeNull();
  });
});
