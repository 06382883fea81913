import { describe, expect, it } from 'vitest';
import { TestClient, signIn, useTestApp } from '../../../test/test-app';
import { seedCatalog } from './seed-catalog';

describe('the sneaker library (catalogue)', () => {
  const testApp = useTestApp();

  it('lets only an admin seed it, and seeding twice still leaves 100 releases', async () => {
    const { app } = testApp();
    const visitor = new TestClient(app);
    expect((await visitor.post('/api/admin/seed-sneakers')).status).toBe(401);
    const member = await signIn(app, { email: 'member@example.com' });
    const refused = await member.post('/api/admin/seed-sneakers');
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('FORBIDDEN');

    const admin = await signIn(app, { email: 'admin@example.com', role: 'admin' });
    const first = await admin.post('/api/admin/seed-sneakers');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ count: 100 });
    expect((await admin.post('/api/admin/seed-sneakers')).body).toEqual({ count: 100 });
    expect(await seedCatalog(testApp().ctx)).toEqual({ count: 100 });
    expect((await visitor.get('/api/catalog/stats')).body.total).toBe(100);
  });

  it('lists the releases to visitors, most popular first, with prices as strings and artwork', async () => {
    const res = await new TestClient(testApp().app).get('/api/catalog');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(100);
    expect(res.headers['x-next-cursor']).toBeUndefined();
    const first = res.body[0];
    expect(first).toMatchObject({ popularityRank: 1, artworkUrl: expect.stringMatching(/^\/api\/catalog\/\d+\/artwork\.svg\?v=/) });
    expect(first.marketPrice).toMatch(/^\d+\.\d{2}$/);
    expect(first.sizes.length).toBeGreaterThan(3);
    const ranks = res.body.map((r: { popularityRank: number }) => r.popularityRank);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  });

  it('searches case-insensitively across name, model and colorway, with an exact brand filter', async () => {
    const visitor = new TestClient(testApp().app);
    const all = (await visitor.get('/api/catalog')).body as Array<{
      name: string;
      brand: string;
      model: string;
      colorway: string;
      styleCode: string;
    }>;
    const sample = all.find((r) => r.brand === 'Jordan')!;
    const word = sample.colorway.split('/')[0]!.toUpperCase();
    const found = (await visitor.get(`/api/catalog?q=${encodeURIComponent(word)}`)).body as typeof all;
    expect(found.length).toBeGreaterThan(0);
    const text = (r: (typeof all)[number]) => `${r.name} ${r.brand} ${r.model} ${r.colorway} ${r.styleCode}`.toLowerCase();
    expect(found.every((r) => text(r).includes(word.toLowerCase()))).toBe(true);
    expect(found.length).toBe(all.filter((r) => text(r).includes(word.toLowerCase())).length);
    expect(found.map((r) => r.styleCode)).toContain(sample.styleCode);

    const byStyle = (await visitor.get(`/api/catalog?q=${sample.styleCode.toLowerCase()}`)).body as typeof all;
    // The style code's release first; others sharing its prefix may follow.
    expect(byStyle[0]!.styleCode).toBe(sample.styleCode);

    const jordans = (await visitor.get('/api/catalog?brand=Jordan')).body as typeof all;
    expect(jordans.length).toBeGreaterThan(0);
    expect(jordans.every((r) => r.brand === 'Jordan')).toBe(true);
    expect((await visitor.get('/api/catalog?brand=all')).body).toHaveLength(100);
    expect((await visitor.get('/api/catalog?q=zzzzqqq')).body).toEqual([]);
    expect((await visitor.get('/api/catalog?brand=Gucci')).status).toBe(400);
  });

  it('puts the best match first: "white cement" is the White Cement 4, not the Bred Reimagined (#26)', async () => {
    const visitor = new TestClient(testApp().app);
    const res = await visitor.get('/api/catalog?q=white%20cement');
    expect(res.status).toBe(200);
    expect(res.body[0]).toMatchObject({ name: "Air Jordan 4 Retro 'White Cement'", styleCode: 'FV5029-100' });
    // The Bred Reimagined holds both words in its colourway: still listed, after the exact phrase.
    const codes = res.body.map((r: { styleCode: string }) => r.styleCode);
    expect(codes).toContain('FV5029-006');
    expect(codes.indexOf('FV5029-006')).toBeGreaterThan(0);
    expect((await visitor.get('/api/catalog?q=jordan%204%20bred')).body[0].model).toBe('Air Jordan 4');
    expect((await visitor.get('/api/catalog?q=fv5029006')).body[0].styleCode).toBe('FV5029-006');
  });

  it('answers a search that finds nothing with a spelling that does (X-Did-You-Mean)', async () => {
    const visitor = new TestClient(testApp().app);
    const none = await visitor.get('/api/catalog?q=sanbaa');
    expect(none.status).toBe(200);
    expect(none.body).toEqual([]);
    expect(none.headers['x-did-you-mean']).toBe('samba');
    expect((await visitor.get('/api/catalog?q=samba')).headers['x-did-you-mean']).toBeUndefined();
    expect((await visitor.get('/api/catalog?q=zzzzqqq')).headers['x-did-you-mean']).toBeUndefined();
  });

  it('pages a search with a cursor, and refuses a forged one', async () => {
    const visitor = new TestClient(testApp().app);
    const all = (await visitor.get('/api/catalog?q=jordan')).body.map((r: { id: number }) => r.id);
    const first = await visitor.get('/api/catalog?q=jordan&limit=5');
    expect(first.body.map((r: { id: number }) => r.id)).toEqual(all.slice(0, 5));
    const second = await visitor.get(`/api/catalog?q=jordan&limit=5&cursor=${first.headers['x-next-cursor']}`);
    expect(second.body.map((r: { id: number }) => r.id)).toEqual(all.slice(5, 10));
    expect((await visitor.get('/api/catalog?q=jordan&cursor=not-a-cursor')).status).toBe(400);
  });

  it('pages with a cursor, every release exactly once', async () => {
    const visitor = new TestClient(testApp().app);
    const seen: number[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await visitor.get(`/api/catalog?limit=30${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      seen.push(...res.body.map((r: { id: number }) => r.id));
      cursor = res.headers['x-next-cursor'] as string | undefined;
      pages++;
    } while (cursor);
    expect(pages).toBe(4);
    expect(new Set(seen).size).toBe(100);
    expect(seen).toHaveLength(100);
    expect((await visitor.get('/api/catalog?cursor=not-a-cursor')).status).toBe(400);
  });

  it('counts releases per brand and falls back to catalogue prices before any member sneaker exists', async () => {
    const stats = (await new TestClient(testApp().app).get('/api/catalog/stats')).body;
    expect(stats.total).toBe(100);
    expect(stats.brandCount).toBe(stats.brands.length);
    expect(stats.brands.reduce((sum: number, b: { count: number }) => sum + b.count, 0)).toBe(100);
    expect(stats.verifiedCount).toBe(0);
    expect(stats.averageValueSource).toBe('catalog');
    expect(stats.averageEstimatedValue).toBeGreaterThan(50);
  });

  it('averages member sneakers once there are some, rounded to whole dollars', async () => {
    const { app } = testApp();
    const member = await signIn(app, { email: 'lister@example.com' });
    const base = { name: 'Samba', brand: 'Adidas', model: 'Samba OG', size: '9', condition: '9' };
    expect((await member.post('/api/sneakers', { ...base, estimatedValue: '100.00' })).status).toBe(201);
    expect((await member.post('/api/sneakers', { ...base, estimatedValue: '200.99' })).status).toBe(201);
    const stats = (await new TestClient(app).get('/api/catalog/stats')).body;
    expect(stats).toMatchObject({ averageValueSource: 'sneakers', averageEstimatedValue: 150, verifiedCount: 0 });
  });

  it('serves each release artwork as a cacheable, script-free SVG', async () => {
    const visitor = new TestClient(testApp().app);
    const [release] = (await visitor.get('/api/catalog?limit=1')).body;
    const res = await visitor.get(release.artworkUrl);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(String(res.body)).toMatch(/^<svg[\s\S]*<\/svg>$/);
    expect(String(res.body)).not.toMatch(/<script/i);
    expect((await visitor.get('/api/catalog/999999/artwork.svg')).status).toBe(404);
    expect((await visitor.get('/api/catalog/abc/artwork.svg')).status).toBe(404);
  });
});

describe('the library search behind the response cache', () => {
  const testApp = useTestApp({ RESPONSE_CACHE_MB: '8' });

  it('keeps the "did you mean" on an answer from the cache', async () => {
    await seedCatalog(testApp().ctx);
    const visitor = new TestClient(testApp().app);
    expect((await visitor.get('/api/catalog?q=sanbaa')).headers['x-did-you-mean']).toBe('samba');
    const again = await visitor.get('/api/catalog?q=sanbaa');
    expect(again.headers['x-cache']).toBe('hit');
    expect(again.headers['x-did-you-mean']).toBe('samba');
  });
});
