import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SNEAKER_SORTS, type SneakerSort } from '@soleswap/contracts/sneakers';
import { TestClient, signIn, useTestApp, type ApiResponse } from '../../../test/test-app';
import { sneakers } from '../../db/schema/index';
import { planSearch, type SearchPosition } from './search-plan';
import { tokenizeQuery } from '../../db/search-text';
import { findSneakerPage, type SneakerFilters } from './sneaker-search.repository';
import type { SizeQuery } from '@soleswap/contracts/sneaker-sizes';

/** The size filter `size=10` reads as: US men's 10. */
const US_10: SizeQuery = { system: 'us', value: 10, label: 'US 10' };

type Listed = { id: number; name: string; brand: string; estimatedValue: string; marketPrice: string | null };

/** Listed oldest first; every pair is available unless said otherwise. */
const PAIRS = [
  { name: 'Red October', brand: 'Nike', model: 'Air Yeezy 2', colorway: 'Red/Red', size: '10', condition: '8', estimatedValue: '3500' },
  {
    name: 'Jordan 4 Bred',
    brand: 'Jordan',
    model: 'Air Jordan 4',
    colorway: 'Black/Fire Red-Cement Grey',
    size: '10',
    condition: '9.5',
    estimatedValue: '250',
  },
  { name: 'Dunk Low Panda', brand: 'Nike', model: 'Dunk Low', colorway: 'White/Black', size: '9', condition: '10', estimatedValue: '110' },
  { name: 'Samba OG', brand: 'Adidas', model: 'Samba', colorway: 'Cloud White/Core Black', size: '8.5', condition: '7', estimatedValue: '100' },
  {
    name: 'Jordan 3 White Cement',
    brand: 'Jordan',
    model: 'Air Jordan 3',
    colorway: 'Summit White/Cement Grey',
    size: '11',
    condition: '9',
    estimatedValue: '230',
  },
  { name: '100% Suede Clyde', brand: 'Puma', model: 'Clyde', colorway: 'Green_White', size: '10', condition: '9', estimatedValue: '90' },
  {
    name: 'Air Max 90 Infrared',
    brand: 'Nike',
    model: 'Air Max 90',
    colorway: 'White/Infrared',
    size: '10',
    condition: '9.5',
    estimatedValue: '160',
  },
  {
    name: 'Jordan 1 Chicago',
    brand: 'Jordan',
    model: 'Air Jordan 1',
    colorway: 'White/Varsity Red-Black',
    size: '9.5',
    condition: '6',
    estimatedValue: '1800',
  },
];

/**
 * Market prices the catalogue gave some pairs. A card shows the market price large when there
 * is one, so the value sort must order by it: Samba OG reads $400, Jordan 1 Chicago $95, and
 * Jordan 3 White Cement ties Air Max 90 Infrared (an estimate) at $160.
 */
const MARKET_PRICES: Record<string, string> = {
  'Samba OG': '400.00',
  'Jordan 1 Chicago': '95.00',
  'Dunk Low Panda': '110.00',
  'Jordan 3 White Cement': '160.00',
};

describe('sneaker search', () => {
  const testApp = useTestApp();
  let client: TestClient;
  const ids = new Map<string, number>();

  beforeAll(async () => {
    // Browse shows other members' sneakers, so one member lists and another searches.
    const lister = await signIn(testApp().app, { email: 'lister@example.com', username: 'lister' });
    client = await signIn(testApp().app, { email: 'searcher@example.com', username: 'searcher' });
    for (const pair of PAIRS) {
      const res = await lister.post('/api/sneakers', pair);
      if (res.status !== 201) throw new Error(JSON.stringify(res.body));
      ids.set(pair.name, res.body.id);
    }
    for (const [name, marketPrice] of Object.entries(MARKET_PRICES)) {
      await testApp()
        .ctx.db.update(sneakers)
        .set({ marketPrice })
        .where(eq(sneakers.id, ids.get(name)!));
    }
  });

  const names = (res: ApiResponse<Listed[]>) => res.body.map((s) => s.name);
  const search = (query: string) => client.get<Listed[]>(`/api/sneakers?${query}`);

  it('finds by colorway whatever the case', async () => {
    expect(names(await search('q=CEMENT'))).toEqual(['Jordan 3 White Cement', 'Jordan 4 Bred']);
    expect(names(await search('q=cLoUd%20wHiTe'))).toEqual(['Samba OG']);
  });

  it('needs every word, in any field', async () => {
    expect(names(await search('q=jordan%20red'))).toEqual(['Jordan 1 Chicago', 'Jordan 4 Bred']);
    expect(names(await search('q=nike%20panda'))).toEqual(['Dunk Low Panda']);
    expect(await search('q=panda%20samba')).toMatchObject({ status: 200, body: [] });
  });

  it('ranks words that start a word above words inside another, newest first within each', async () => {
    // "Red" starts a word in Red October, Fire Red and Varsity Red; it only sits inside Infrared.
    expect(names(await search('q=red'))).toEqual(['Jordan 1 Chicago', 'Jordan 4 Bred', 'Red October', 'Air Max 90 Infrared']);
    expect(names(await search('q=red&sort=newest'))).toEqual(['Jordan 1 Chicago', 'Air Max 90 Infrared', 'Jordan 4 Bred', 'Red October']);
  });

  it('sorts by the value the card shows large: the market price when there is one, else the estimate', async () => {
    const ascending = [
      '100% Suede Clyde', // $90 estimate
      'Jordan 1 Chicago', // $95 market (estimate $1,800)
      'Dunk Low Panda', // $110 market, same as the estimate
      'Jordan 3 White Cement', // $160 market: tied, the older pair first
      'Air Max 90 Infrared', // $160 estimate
      'Jordan 4 Bred', // $250 estimate
      'Samba OG', // $400 market (estimate $100)
      'Red October', // $3,500 estimate
    ];
    expect(names(await search('sort=value_asc'))).toEqual(ascending);
    expect(names(await search('sort=value_desc'))).toEqual([...ascending].reverse());
    expect(names(await search('sort=value_asc&limit=2'))).toEqual(['100% Suede Clyde', 'Jordan 1 Chicago']);
    expect(names(await search('sort=value_desc&q=jordan'))).toEqual(['Jordan 4 Bred', 'Jordan 3 White Cement', 'Jordan 1 Chicago']);
  });

  it('filters by brand (all = every brand), size and minimum condition', async () => {
    expect(names(await search('brand=Jordan&q=white'))).toEqual(['Jordan 1 Chicago', 'Jordan 3 White Cement']);
    expect((await search('brand=all')).body).toHaveLength(PAIRS.length);
    expect(names(await search('size=10&condition=9'))).toEqual(['Air Max 90 Infrared', '100% Suede Clyde', 'Jordan 4 Bred']);
    expect(names(await search('brand=nike&q=red'))).toEqual(['Red October', 'Air Max 90 Infrared']);
  });

  it('takes % and _ literally', async () => {
    expect(names(await search('q=%25'))).toEqual(['100% Suede Clyde']);
    expect(names(await search('q=_'))).toEqual(['100% Suede Clyde']);
    expect(names(await search('q=n_ke'))).toEqual([]);
  });

  it('pages with a cursor through every sort, each sneaker exactly once', async () => {
    for (const sort of SNEAKER_SORTS) {
      for (const q of ['', 'red', 'e']) {
        const seen: number[] = [];
        let cursor: string | undefined;
        let guard = 0;
        do {
          const res = await search(`limit=3&sort=${sort}&q=${q}${cursor ? `&cursor=${cursor}` : ''}`);
          expect(res.status).toBe(200);
          seen.push(...res.body.map((s) => s.id));
          cursor = res.headers['x-next-cursor'] as string | undefined;
        } while (cursor && ++guard < 10);
        const all = (await search(`limit=100&sort=${sort}&q=${q}`)).body.map((s) => s.id);
        expect(seen, `${sort} q=${q}`).toEqual(all);
        expect(new Set(seen).size).toBe(seen.length);
      }
    }
  });

  it('refuses a forged cursor or one from another sort', async () => {
    const first = await search('limit=2&sort=newest');
    const cursor = first.headers['x-next-cursor'] as string;
    expect((await search(`limit=2&sort=value_asc&cursor=${cursor}`)).status).toBe(400);
    expect((await search('cursor=bm9wZQ')).status).toBe(400);
  });

  it('gives the same pages whichever index answers: ordered walk, walk extended at its density, trigram fallback, or capped trigram try', async () => {
    const { db } = testApp().ctx;
    const readAll = async (sort: SneakerSort, filters: SneakerFilters, windowSize: number, indexFirstCap = 1000) => {
      const plan = planSearch({ sort, hasWords: filters.tokens.length > 0 });
      const seen: number[] = [];
      let after: SearchPosition | undefined;
      do {
        const page = await findSneakerPage(db, { filters, plan, after, limit: 2, windowSize, indexFirstCap });
        seen.push(...page.records.map((r) => r.sneaker.id));
        after = page.next ?? undefined;
      } while (after);
      return seen;
    };
    const cases: SneakerFilters[] = [
      { tokens: tokenizeQuery('red') },
      { tokens: tokenizeQuery('white'), brand: 'Jordan' },
      { tokens: tokenizeQuery('samba'), brand: 'Nike' },
      { tokens: tokenizeQuery('air'), minCondition: '9' },
      { tokens: tokenizeQuery('e'), size: US_10 },
      { tokens: tokenizeQuery('jordan white') },
      { tokens: tokenizeQuery('air e'), brand: 'Nike' },
    ];
    for (const sort of SNEAKER_SORTS) {
      for (const filters of cases) {
        const walked = await readAll(sort, filters, 1000);
        const fallback = await readAll(sort, filters, 1);
        const extended = await readAll(sort, filters, 3);
        const capped = await readAll(sort, filters, 1, 1);
        expect(fallback, `${sort} ${JSON.stringify(filters)}`).toEqual(walked);
        expect(extended, `${sort} ${JSON.stringify(filters)} extended`).toEqual(walked);
        expect(capped, `${sort} ${JSON.stringify(filters)} capped`).toEqual(walked);
      }
    }
    expect(await readAll('relevance', { tokens: ['red'] }, 1)).toEqual(
      ['Jordan 1 Chicago', 'Jordan 4 Bred', 'Red October', 'Air Max 90 Infrared'].map((n) => ids.get(n)),
    );
  });
});
