import { rowsOf } from '../../db/raw-rows';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app';
import { planSearch, type SearchPosition } from './search-plan';
import { findSneakerPage, type SneakerFilters, type SneakerPageRequest } from './sneaker-search.repository';
import type { SizeQuery } from '@soleswap/contracts/sneaker-sizes';

/** The size filter `size=10` reads as: US men's 10. */
const US_10: SizeQuery = { system: 'us', value: 10, label: 'US 10' };

/**
 * Value sorts with words walk a covering index in windows, then skip to the value bands that hold
 * a match (value-bands.repository.ts), or, for words without a trigram, ask the trigram index for
 * the rest (value-search.repository.ts). Whichever step answers, the pages must be exactly those of the
 * plain query: every match, ordered by the value the card shows, then id, cut into pages at the
 * same cursors. Checked over a few hundred listings whose words follow their value, as a
 * release's words do ("Cool Grey" pairs are among the cheapest, so a high-to-low walk finds
 * them last), with ties on value broken by id.
 */

interface Row {
  id: number;
  brand: string;
  search_text: string;
  value: string;
  available: boolean;
  user_id: string;
  size: string;
  condition: string;
}

describe('search by value', () => {
  const testApp = useTestApp();
  let all: Row[] = [];
  let owners: string[] = [];

  beforeAll(async () => {
    const { db } = testApp().ctx;
    owners = rowsOf<{ id: string }>(
      await db.execute(sql`
        insert into users (email, username) select 'value-' || i || '@example.test', 'value_' || i from generate_series(1, 3) i returning id`),
    ).map((r) => r.id);
    // 360 pairs: value falls with i in steps of 12 (ties broken by id), words follow the value.
    await db.execute(sql`
      insert into sneakers (user_id, name, brand, model, colorway, size, condition, estimated_value, market_price, is_available_for_trade)
      select (${`{${owners.join(',')}}`}::uuid[])[1 + i % 3],
             case when i > 300 then 'Cool Grey ' || i when i % 7 = 0 then 'Fire Red ' || i else 'Pair ' || i end,
             (array['Jordan', 'Nike', 'Adidas'])[1 + (i / 5) % 3], 'Model ' || (i % 4),
             case when i % 2 = 0 then 'White/Black' else 'Black/Grey Fog' end,
             (array['9', '10', '11'])[1 + i % 3], (array[7, 8.5, 10])[1 + (i / 3) % 3],
             1000 - (i / 12) * 10, case when i % 4 = 0 then 2000 - (i / 12) * 10 end, i % 5 <> 0
      from generate_series(1, 360) i`);
    // Values the API refuses still have a band (the lowest): a row written otherwise is still found.
    await db.execute(sql`
      insert into sneakers (user_id, name, brand, model, colorway, size, condition, estimated_value)
      values (${owners[0]}::uuid, 'Cool Grey Zero', 'Jordan', 'Model 0', 'Black/Grey Fog', '10', 9, 0),
             (${owners[1]}::uuid, 'Cool Grey Below', 'Jordan', 'Model 0', 'Black/Grey Fog', '10', 9, -5)`);
    all = rowsOf<Row>(
      await db.execute(sql`
        select id, brand, search_text, display_value::text as value, is_available_for_trade as available, user_id, size, condition::text as condition
        from sneakers`),
    );
  });

  /** The plain answer: filter every row, sort by (value, id). */
  function expected(filters: SneakerFilters, direction: 'asc' | 'desc'): number[] {
    const matching = all.filter(
      (r) =>
        filters.tokens.every((t) => r.search_text.includes(t)) &&
        (filters.brand === undefined || r.brand === filters.brand) &&
        (!filters.availableOnly || r.available) &&
        r.user_id !== filters.excludeUserId &&
        !(filters.excludeUserIds ?? []).includes(r.user_id) &&
        (filters.size === undefined || r.size === String(filters.size.value)) &&
        (filters.minCondition === undefined || Number(r.condition) >= Number(filters.minCondition)),
    );
    const sign = direction === 'asc' ? 1 : -1;
    return matching.sort((a, b) => sign * (Number(a.value) - Number(b.value) || a.id - b.id)).map((r) => r.id);
  }

  type Tuning = Pick<SneakerPageRequest, 'windowSize' | 'valueStep' | 'valueTrigramCap' | 'indexFirstCap' | 'bandWindowSize'>;

  /** Every page of a search, with the cursor each one handed on. */
  async function pages(filters: SneakerFilters, sort: 'value_asc' | 'value_desc', tuning: Tuning) {
    const plan = planSearch({ sort, hasWords: filters.tokens.length > 0 });
    const read: Array<{ ids: number[]; next: SearchPosition | null }> = [];
    let after: SearchPosition | undefined;
    do {
      const page = await findSneakerPage(testApp().ctx.db, { filters, plan, after, limit: 7, ...tuning });
      read.push({ ids: page.records.map((r) => r.sneaker.id), next: page.next });
      after = page.next ?? undefined;
    } while (after && read.length < 100);
    return read;
  }

  const searches = (): SneakerFilters[] => [
    { tokens: ['grey'], brand: 'Jordan', availableOnly: true },
    { tokens: ['cool'], brand: 'Jordan', availableOnly: true },
    { tokens: ['grey'] },
    { tokens: ['black', 'grey'], brand: 'Nike', availableOnly: true },
    { tokens: ['white'], brand: 'Adidas', availableOnly: true, excludeUserId: owners[0] },
    { tokens: ['red'], availableOnly: true, excludeUserIds: [owners[1] ?? ''] },
    { tokens: ['fog'], size: US_10, minCondition: '8', availableOnly: true },
    { tokens: ['samba'], brand: 'Nike' },
    { tokens: ['fire', 'red'] },
    { tokens: ['og'], brand: 'Jordan' },
  ];

  const tunings: Array<[string, Tuning]> = [
    ['as shipped', {}],
    ['walk only, windows of 3, 12, 48…', { windowSize: 3, valueStep: 'walk', indexFirstCap: 1 }],
    ['trigram after a window of 3', { windowSize: 3, valueStep: 'trigram', indexFirstCap: 1 }],
    ['trigram over its cap, then walk', { windowSize: 2, valueStep: 'trigram', valueTrigramCap: 1, indexFirstCap: 1 }],
    ['estimated after a window of 1', { windowSize: 1, valueStep: 'estimate', indexFirstCap: 1 }],
  ];
  // Tiny band windows make every page cross several bands in a few statements each: the searches
  // that reach each step (several bands, two words, owners left out, size and condition on the
  // row, no match at all), not all of them, to keep the test quick on PGlite.
  const bandTuning: [string, Tuning] = ['value bands after a window of 1, walking 2 entries a band', { windowSize: 1, bandWindowSize: 2 }];
  const bandSearches = () => searches().filter((f) => ['grey', 'black', 'white', 'fog', 'samba'].includes(f.tokens[0]!));

  it.each([...tunings, bandTuning])(
    'gives the plain query’s rows, order and cursors: %s',
    async (_name, tuning) => {
      for (const sort of ['value_desc', 'value_asc'] as const) {
        for (const filters of tuning === bandTuning[1] ? bandSearches() : searches()) {
          const label = `${sort} ${JSON.stringify(filters)}`;
          const want = expected(filters, sort === 'value_asc' ? 'asc' : 'desc');
          const read = await pages(filters, sort, tuning);
          expect(
            read.flatMap((p) => p.ids),
            label,
          ).toEqual(want);
          // Pages of 7, each cursor at its page's last row (and none after the last page).
          const byId = new Map(all.map((r) => [r.id, r]));
          read.forEach((page, i) => {
            const last = page.ids[page.ids.length - 1];
            const isLast = i === read.length - 1;
            expect(page.next, label).toEqual(isLast || last === undefined ? null : { rank: 0, key: byId.get(last)?.value, id: last });
          });
        }
      }
    },
    60_000,
  );
});
