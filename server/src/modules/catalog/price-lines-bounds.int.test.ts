import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app';
import { catalogReleases } from '../../db/schema/index';
import { PRICE_LINES_PER_MINUTE } from './catalog.routes';
import { seedCatalog } from './seed-catalog';

/** What one `GET /api/catalog/prices` may ask for, how often, and how its answers are cached (issue #26). */
describe('GET /api/catalog/prices is bounded', () => {
  const testApp = useTestApp();
  let ids: number[] = [];
  const get = (url: string, remoteAddress = '203.0.113.1') => testApp().app.inject({ method: 'GET', url, remoteAddress });

  it('refuses more releases than the period allows (a year of 100 releases answered 2.5 MB), and answers a library page', async () => {
    await seedCatalog(testApp().ctx);
    ids = (await testApp().ctx.db.select({ id: catalogReleases.id }).from(catalogReleases)).map((row) => row.id).slice(0, 100);
    expect(ids).toHaveLength(100);

    const page = await get(`/api/catalog/prices?ids=${ids.join(',')}&period=30d`);
    expect(page.statusCode).toBe(200);
    expect(page.json().lines).toHaveLength(100);

    const year = await get(`/api/catalog/prices?ids=${ids.join(',')}&period=1y`);
    expect(year.statusCode).toBe(400);
    expect(year.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { ids: 'At most 8 release ids for the period 1y' } });
    expect(year.body.length).toBeLessThan(1000);

    expect((await get(`/api/catalog/prices?ids=${ids.slice(0, 8).join(',')}&period=1y`)).statusCode).toBe(200);
    expect((await get(`/api/catalog/prices?ids=${ids.slice(0, 9).join(',')}&period=1y`)).statusCode).toBe(400);
    expect((await get(`/api/catalog/prices?ids=${ids.slice(0, 33).join(',')}&period=90d`)).statusCode).toBe(200);
    expect((await get(`/api/catalog/prices?ids=${ids.slice(0, 34).join(',')}&period=90d`)).statusCode).toBe(400);
  });

  it('refuses a query parameter it does not know, naming it', async () => {
    const res = await get(`/api/catalog/prices?ids=${ids[0]}&period=30d&nocache=1`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Unknown query parameter: nocache' });
    expect((await get(`/api/catalog/${ids[0]}/prices?period=30d&nocache=1`)).statusCode).toBe(400);
    expect((await get(`/api/catalog?limit=5&nocache=1`)).statusCode).toBe(400);
    expect((await get(`/api/sneakers/public?nocache=1`)).statusCode).toBe(400);
  });

  it(`answers one address ${PRICE_LINES_PER_MINUTE} reads a minute, then 429 RATE_LIMITED; another address is not held back`, async () => {
    const url = `/api/catalog/prices?ids=${ids.slice(0, 3).join(',')}`;
    for (let i = 0; i < PRICE_LINES_PER_MINUTE; i++) expect((await get(url, '198.51.100.7')).statusCode).toBe(200);
    const refused = await get(url, '198.51.100.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await get(url, '198.51.100.8')).statusCode).toBe(200);
  });
});

describe('the response cache keys price lines on the parsed query', () => {
  const testApp = useTestApp({ RESPONSE_CACHE_MB: '4' });
  const get = (url: string) => testApp().app.inject({ method: 'GET', url, remoteAddress: '203.0.113.9' });

  it('serves the same question asked another way from one entry, and keeps nothing for a refused one', async () => {
    await seedCatalog(testApp().ctx);
    const [a, b] = (await testApp().ctx.db.select({ id: catalogReleases.id }).from(catalogReleases).limit(2)).map((row) => row.id);

    const first = await get(`/api/catalog/prices?ids=${a},${b}&period=30d`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-cache']).toBe('miss');
    for (const same of [
      `/api/catalog/prices?period=30d&ids=${a},${b}`,
      `/api/catalog/prices?ids=${a},${b}`,
      `/api/catalog/prices?ids=${a},%20${b},${b}&period=`,
    ]) {
      const again = await get(same);
      expect(again.statusCode).toBe(200);
      expect(again.headers['x-cache']).toBe('hit');
      expect(again.body).toBe(first.body);
    }

    // A made-up parameter no longer buys a fresh read: it is refused, twice, and never served from the cache.
    for (let i = 0; i < 2; i++) {
      const busted = await get(`/api/catalog/prices?ids=${a},${b}&period=30d&bust=${i}`);
      expect(busted.statusCode).toBe(400);
      expect(busted.headers['x-cache']).toBeUndefined();
    }
  });
});
