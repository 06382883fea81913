import { rowsOf } from '../../db/raw-rows';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { TestClient, useTestApp } from '../../../test/test-app';
import { seedCatalog } from '../catalog/seed-catalog';
import { SEARCH_QUERIES } from '../catalog/search-queries.fixture';

/**
 * One search behaviour everywhere (issue #31): words that name catalogue releases find, in browse,
 * the listings of the releases the library lists for the same words, whatever the member typed as
 * the listing's name; listings holding the words (typos corrected) are found as before.
 */

describe('browse search names catalogue releases', () => {
  const testApp = useTestApp();
  /** The listing of each release, by style code. */
  const listingOf = new Map<string, number>();
  let unlinkedBlackCat = 0;
  let unlinkedWuTang = 0;

  beforeAll(async () => {
    const { db } = testApp().ctx;
    await seedCatalog(testApp().ctx);
    const [owner] = rowsOf<{ id: string }>(
      await db.execute(sql`insert into users (email, username) values ('names@example.test', 'names_owner') returning id`),
    );
    // One listing per release, named as a member might ("Pair 17"): only the link says which release it is.
    const listed = rowsOf<{ id: number; style_code: string }>(
      await db.execute(sql`
        insert into sneakers (user_id, catalog_release_id, name, brand, model, size, condition, estimated_value, created_at)
        select ${owner!.id}::uuid, r.id, 'Pair ' || r.popularity_rank, r.brand, 'Model', '10', 9, 100, now() - make_interval(mins => r.popularity_rank)
        from catalog_releases r
        returning id, (select style_code from catalog_releases c where c.id = catalog_release_id) as style_code`),
    );
    for (const row of listed) listingOf.set(row.style_code, row.id);
    const [unlinked] = rowsOf<{ id: number }>(
      await db.execute(sql`
        insert into sneakers (user_id, name, brand, model, colorway, size, condition, estimated_value)
        values (${owner!.id}::uuid, 'Air Jordan 4 Black Cat custom', 'Jordan', 'Air Jordan 4', 'Black', '10', 9, 300) returning id`),
    );
    unlinkedBlackCat = unlinked!.id;
    const [wuTang] = rowsOf<{ id: number }>(
      await db.execute(sql`
        insert into sneakers (user_id, name, brand, model, size, condition, estimated_value)
        values (${owner!.id}::uuid, 'Dunk High Wu-Tang custom', 'Nike', 'Dunk High', '10', 9, 300) returning id`),
    );
    unlinkedWuTang = wuTang!.id;
  }, 60_000);

  const browse = async (q: string, extra = '') => {
    const res = await new TestClient(testApp().app).get(`/api/sneakers/public?limit=100&q=${encodeURIComponent(q)}${extra}`);
    expect(res.status).toBe(200);
    return res;
  };
  const ids = async (q: string, extra = '') => ((await browse(q, extra)).body as Array<{ id: number }>).map((s) => s.id);

  it('finds the listings of the release each collector query means, for at least 95% of the queries', async () => {
    const missed: string[] = [];
    for (const [q, code] of SEARCH_QUERIES) if (!(await ids(q)).includes(listingOf.get(code)!)) missed.push(q);
    expect(missed.length / SEARCH_QUERIES.length, `missed: ${missed.join(', ')}`).toBeLessThanOrEqual(0.05);
  });

  it('"jordan 4" lists the Air Jordan 4s, no Air Jordan 11', async () => {
    const found = await ids('jordan 4');
    expect(found).toContain(listingOf.get('FV5029-006'));
    expect(found).not.toContain(listingOf.get('CT8012-104'));
  });

  it('finds the unlinked listing holding the words too, a typo corrected, each listing once', async () => {
    const found = await ids('jordon 4 black cat');
    expect(found).toContain(listingOf.get('FV5029-010'));
    expect(found).toContain(unlinkedBlackCat);
    // The Air Jordan 3 'Black Cat' lacks the 4: the library lists it lower, browse leaves it out.
    expect(found).not.toContain(listingOf.get('CT8532-001'));
    expect(new Set(found).size).toBe(found.length);
    // "wutang" is "Wu-Tang" in a listing's own text.
    expect(await ids('wutang dunk')).toEqual(expect.arrayContaining([listingOf.get('HJ4320-001'), unlinkedWuTang]));
  });

  it('pages a search naming releases with the same cursors, in every sort', async () => {
    for (const sort of ['', '&sort=newest', '&sort=value_desc', '&sort=value_asc']) {
      const all = await ids('jordan 4', sort);
      const paged: number[] = [];
      let cursor: string | undefined;
      do {
        const res = await new TestClient(testApp().app).get(`/api/sneakers/public?limit=2&q=jordan%204${sort}${cursor ? `&cursor=${cursor}` : ''}`);
        expect(res.status).toBe(200);
        paged.push(...res.body.map((s: { id: number }) => s.id));
        cursor = res.headers['x-next-cursor'] as string | undefined;
      } while (cursor);
      expect(paged).toEqual(all);
    }
  });
  it('still finds an unlinked listing holding the words behind more than a thousand newer unlinked listings without them', async () => {
    const { db } = testApp().ctx;
    // Newer than every listing above, none holding the words: the ordered read of unlinked rows
    // stops after a thousand, and the words' trigrams find the rest.
    await db.execute(sql`
      insert into sneakers (user_id, name, brand, model, size, condition, estimated_value, created_at)
      select (select user_id from sneakers where id = ${unlinkedWuTang}), 'Plain runner ' || i, 'Nike', 'Runner', '10', 9, 120, now() + make_interval(secs => i)
      from generate_series(1, 1200) i`);
    expect(await ids('wutang dunk')).toEqual(expect.arrayContaining([listingOf.get('HJ4320-001'), unlinkedWuTang]));
    expect(await ids('wutang dunk', '&brand=Nike')).toContain(unlinkedWuTang);
  });
});
