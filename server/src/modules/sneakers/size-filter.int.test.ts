import { beforeAll, describe, expect, it } from 'vitest';
import { buildSneaker, buildUser } from '../../../test/factories';
import { signIn, TestClient, useTestApp } from '../../../test/test-app';

/**
 * Browse filtered by a size written in any system (issue #31, docs/rules/sizes.md): each
 * listing keeps the US men's size its owner entered, and the filter is converted per brand.
 */
describe('browse by size in US men’s, US women’s, UK, EU and cm', () => {
  const testApp = useTestApp();
  const id: Record<string, number> = {};

  beforeAll(async () => {
    const { ctx } = testApp();
    const owner = await buildUser(ctx);
    const listings: Array<[string, string, string, boolean?]> = [
      ['nike10', 'Nike', '10'],
      ['adidas10', 'Adidas', '10'],
      ['adidas95', 'Adidas', '9.5'],
      ['vans105', 'Vans', '10.5'],
      ['vans10', 'Vans', '10'],
      ['converse95', 'Converse', '9.5'],
      ['nike9', 'Nike', '9'],
      ['hiddenNike10', 'Nike', '10', false],
    ];
    let minutes = 0;
    for (const [key, brand, size, available = true] of listings) {
      const row = await buildSneaker(ctx, {
        userId: owner.id,
        name: `Sizing pair ${key}`,
        brand,
        model: 'Sizing pair',
        size,
        isAvailableForTrade: available,
        createdAt: new Date(Date.UTC(2026, 0, 1, 12, minutes++)),
      });
      id[key] = row.id;
    }
  });

  const visitor = () => new TestClient(testApp().app);
  const found = async (query: string, client: TestClient = visitor(), path = '/api/sneakers/public') => {
    const res = await client.get(`${path}?limit=50&${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const ids = new Set((res.body as Array<{ id: number }>).map((s) => s.id));
    return Object.keys(id)
      .filter((key) => ids.has(id[key]!))
      .sort();
  };
  const size = (text: string) => `size=${encodeURIComponent(text)}`;

  it('finds a Nike listed as US 10 by EU 44, UK 9, 28 cm and W 11.5, each brand on its own chart', async () => {
    expect(await found(size('EU 44'))).toEqual(['adidas10', 'nike10', 'vans105']);
    expect(await found(size('US 10'))).toEqual(['adidas10', 'nike10', 'vans10']);
    expect(await found(size('10'))).toEqual(['adidas10', 'nike10', 'vans10']);
    expect(await found(size('uk 9'))).toEqual(['adidas95', 'nike10', 'vans10']);
    expect(await found(size('28cm'))).toEqual(['adidas10', 'converse95', 'nike10', 'vans10']);
    expect(await found(size('W 11.5'))).toEqual(['converse95', 'nike10', 'vans10']);
    expect(await found(size('EU 43 1/3'))).toEqual(['adidas95']);
  });

  it('reads the size on the chosen brand’s chart, with words, and newest first', async () => {
    expect(await found(`${size('EU 44')}&brand=Vans`)).toEqual(['vans105']);
    expect(await found(`${size('EU 43')}&brand=vans`)).toEqual(['vans10']);
    expect(await found(`${size('EU 44')}&q=sizing`)).toEqual(['adidas10', 'nike10', 'vans105']);
    const res = await visitor().get(`/api/sneakers/public?${size('EU 44')}&limit=2`);
    expect(res.body.map((s: { id: number }) => s.id)).toEqual([id.vans105, id.adidas10]);
    const next = await visitor().get(
      `/api/sneakers/public?${size('EU 44')}&limit=2&cursor=${encodeURIComponent(res.headers['x-next-cursor'] as string)}`,
    );
    expect(next.body.map((s: { id: number }) => s.id)).toEqual([id.nike10]);
    // The listing keeps the size its owner entered.
    expect(next.body[0].size).toBe('10');
  });

  it('filters a signed-in member’s browse the same way', async () => {
    const member = await signIn(testApp().app, { email: 'size-browser@example.test', username: 'size_browser' });
    expect(await found(size('EU 44'), member, '/api/sneakers')).toEqual(['adidas10', 'nike10', 'vans105']);
    expect(await found(size('UK 9.5'), member, '/api/sneakers')).toEqual(['adidas10', 'converse95', 'vans105']);
  });

  it('refuses a size it cannot read with a 400 naming the field', async () => {
    for (const text of ['banana', 'EU 99', 'US 10.25', 'UK 9 1/3']) {
      const res = await visitor().get(`/api/sneakers/public?${size(text)}`);
      expect(res.status, text).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(res.body.fields)).toEqual(['size']);
    }
  });
});
