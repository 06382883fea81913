import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildTrade } from '../../../test/factories';
import { TestClient, signIn, useTestApp } from '../../../test/test-app';
import { escrowLocks, sneakers } from '../../db/schema/index';
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
  purchasePrice: '200',
  purchaseDate: '2024-05-31',
  isAvailableForTrade: true,
};

const LOCKED = {
  code: 'SNEAKER_LOCKED',
  message: 'This sneaker is locked in an accepted trade and cannot be changed until the trade ends',
};

async function photoDataUrl(color: string): Promise<string> {
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: color } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

describe('a sneaker locked in an accepted trade', () => {
  const testApp = useTestApp();
  const member = (name: string) => signIn(testApp().app, { email: `${name}@example.com`, username: name });

  /** Gina's sneaker (with a photo) locked in an accepted trade with Hank. */
  async function lockedScene(name: string) {
    const { ctx } = testApp();
    const gina = await member(`gina-${name}`);
    const hank = await member(`hank-${name}`);
    const mine = (await gina.post('/api/sneakers', { ...aj4, imageUrl: await photoDataUrl('#c8102e') })).body;
    const theirs = (await hank.post('/api/sneakers', { ...aj4, name: 'Hank pair' })).body;
    const trade = await buildTrade(ctx, {
      proposerId: gina.user.id,
      receiverId: hank.user.id,
      status: 'accepted',
      proposerSneakerIds: [mine.id],
      receiverSneakerIds: [theirs.id],
    });
    return { gina, hank, mine, theirs, trade };
  }

  it('refuses a change to any kind of field, with 409 and a clear message, and keeps the row as accepted', async () => {
    const { ctx } = testApp();
    await seedCatalog(ctx);
    const { gina, mine } = await lockedScene('fields');
    const [release] = (await gina.get('/api/catalog?limit=1')).body;
    const [before] = await ctx.db.select().from(sneakers).where(eq(sneakers.id, mine.id));

    const changes: Array<[string, Record<string, unknown>]> = [
      ['identity text', { name: 'Something else' }],
      ['brand choice', { brand: 'Nike' }],
      ['size choice', { size: '11' }],
      ['optional text', { colorway: null }],
      ['condition', { condition: '7' }],
      ['value', { estimatedValue: '260' }],
      ['purchase price', { purchasePrice: '10' }],
      ['purchase date', { purchaseDate: '2020-01-01' }],
      ['description', { description: 'Actually heavily worn' }],
      ['photo replaced', { imageUrl: await photoDataUrl('#222266') }],
      ['photo removed', { imageUrl: null }],
      ['catalogue link', { catalogReleaseId: release.id }],
      ['hide', { isAvailableForTrade: false }],
      ['the whole edit form resent unchanged', { ...aj4 }],
    ];
    for (const [kind, body] of changes) {
      const res = await gina.put(`/api/sneakers/${mine.id}`, body);
      expect({ kind, status: res.status, body: res.body }).toEqual({ kind, status: 409, body: LOCKED });
    }
    const del = await gina.delete(`/api/sneakers/${mine.id}`);
    expect(del.status).toBe(409);
    expect(del.body).toEqual(LOCKED);

    const [after] = await ctx.db.select().from(sneakers).where(eq(sneakers.id, mine.id));
    expect(after).toEqual(before);
  });

  it('can be changed again once the trade ends', async () => {
    const { ctx } = testApp();
    const { gina, mine, trade } = await lockedScene('released');
    await ctx.db.delete(escrowLocks).where(eq(escrowLocks.tradeId, trade.id));

    const res = await gina.put(`/api/sneakers/${mine.id}`, { estimatedValue: '260', isAvailableForTrade: false });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ estimatedValue: '260.00', isAvailableForTrade: false, isLocked: false });
  });

  it('answers its owner no actions while locked, and every answer to others none at all', async () => {
    const { app } = testApp();
    const { gina, hank, mine, theirs } = await lockedScene('actions');
    const free = (await gina.post('/api/sneakers', { ...aj4, name: 'Gina free pair' })).body;
    const hidden = (await gina.post('/api/sneakers', { ...aj4, name: 'Gina hidden pair', isAvailableForTrade: false })).body;

    expect(free.allowedActions).toEqual(['edit', 'hide', 'delete', 'verify']);
    expect(hidden.allowedActions).toEqual(['edit', 'show', 'delete', 'verify']);
    expect((await gina.get(`/api/sneakers/${mine.id}`)).body).toMatchObject({ isLocked: true, allowedActions: [] });

    const locker = (await gina.get(`/api/sneakers/user/${gina.user.id}`)).body as Array<{ id: number; allowedActions: string[] }>;
    expect(Object.fromEntries(locker.map((s) => [s.id, s.allowedActions]))).toEqual({
      [mine.id]: [],
      [free.id]: ['edit', 'hide', 'delete', 'verify'],
      [hidden.id]: ['edit', 'show', 'delete', 'verify'],
    });
    const edited = await gina.put(`/api/sneakers/${free.id}`, { isAvailableForTrade: false });
    expect(edited.body.allowedActions).toEqual(['edit', 'show', 'delete', 'verify']);

    // Someone else's sneaker: no owner actions, whichever list or page it comes from.
    expect((await hank.get(`/api/sneakers/${free.id}`)).body.allowedActions).toEqual([]);
    expect(
      (await hank.get(`/api/sneakers/user/${gina.user.id}`)).body.every((s: { allowedActions: string[] }) => s.allowedActions.length === 0),
    ).toBe(true);
    expect(
      (await hank.get(`/api/sneakers?ids=${mine.id},${theirs.id}`)).body.map((s: { id: number; allowedActions: string[] }) => [
        s.id,
        s.allowedActions,
      ]),
    ).toEqual(
      expect.arrayContaining([
        [mine.id, []],
        [theirs.id, []],
      ]),
    );
    const visitor = new TestClient(app);
    const publicList = (await visitor.get(`/api/sneakers/user/${gina.user.id}`)).body as Array<{ allowedActions: string[] }>;
    expect(publicList.length).toBeGreaterThan(0);
    expect(publicList.every((s) => s.allowedActions.length === 0)).toBe(true);
  });
});
