import { rowsOf } from '../../db/raw-rows';
import { NEXT_CURSOR_HEADER } from '@soleswap/contracts/list-query';
import { sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn, TestClient, useTestApp } from '../../../test/test-app';

/**
 * GET /api/trades a page at a time: every trade of the member once, newest first, across pages
 * and a status filter; GET /api/trades/counts gives the tab counts the pages no longer can.
 */
describe('my trades, a page at a time', () => {
  const testApp = useTestApp();
  const run = (query: SQL) => testApp().ctx.db.execute(query);
  let me: TestClient & { user: { id: string } };
  let other: TestClient & { user: { id: string } };
  /** My 30 trades' ids, newest first, as the database orders them. */
  let expected: number[];

  /** Every page of `url`, following X-Next-Cursor; the ids of each page. */
  async function pagesOf(client: TestClient, url: string): Promise<number[][]> {
    const pages: number[][] = [];
    let cursor: string | undefined;
    do {
      const res = await client.get(`${url}${url.includes('?') ? '&' : '?'}${cursor ? `cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      pages.push((res.body as Array<{ id: number }>).map((t) => t.id));
      cursor = res.headers[NEXT_CURSOR_HEADER] as string | undefined;
    } while (cursor && pages.length < 100);
    return pages;
  }

  beforeAll(async () => {
    me = await signIn(testApp().app, { email: 'pages-me@example.test', username: 'pages_me' });
    other = await signIn(testApp().app, { email: 'pages-other@example.test', username: 'pages_other' });
    const third = await signIn(testApp().app, { email: 'pages-third@example.test', username: 'pages_third' });
    // 30 trades, half proposed by me and half to me, ten of them sharing one creation time to
    // the microsecond (ties broken by id) and the rest microseconds apart: a cursor that lost the
    // microseconds would repeat or skip some.
    await run(sql`
      insert into trades (proposer_id, receiver_id, status, proposer_sneaker_ids, receiver_sneaker_ids, created_at)
      select case when g % 2 = 0 then ${me.user.id}::uuid else ${other.user.id}::uuid end,
             case when g % 2 = 0 then ${other.user.id}::uuid else ${me.user.id}::uuid end,
             case when g % 3 = 0 then 'completed' when g % 3 = 1 then 'pending' else 'cancelled' end,
             array[g], array[g + 100],
             case when g <= 10 then timestamptz '2026-01-01 12:00:00.123456+00'
                  else timestamptz '2026-01-01 12:00:00.123456+00' + make_interval(secs => g / 1000000.0) end
      from generate_series(1, 30) g`);
    // Someone else's trades never show.
    await run(sql`
      insert into trades (proposer_id, receiver_id, proposer_sneaker_ids, receiver_sneaker_ids)
      select ${other.user.id}::uuid, ${third.user.id}::uuid, array[g], array[g + 1] from generate_series(1, 5) g`);
    const result = await run(sql`
      select id from trades where proposer_id = ${me.user.id}::uuid or receiver_id = ${me.user.id}::uuid order by created_at desc, id desc`);
    expected = rowsOf<{ id: number }>(result).map((r) => Number(r.id));
  });

  it('gives a member with 30 trades two pages that hold each trade once, newest first', async () => {
    const pages = await pagesOf(me, '/api/trades?limit=20');
    expect(pages.map((p) => p.length)).toEqual([20, 10]);
    expect(pages.flat()).toEqual(expected);
    expect(new Set(pages.flat()).size).toBe(30);
  });

  it('walks the same order one trade at a time, and ends without a cursor', async () => {
    const pages = await pagesOf(me, '/api/trades?limit=1');
    expect(pages.flat()).toEqual(expected);
    const last = await me.get('/api/trades?limit=30');
    expect(last.body).toHaveLength(30);
    expect(last.headers[NEXT_CURSOR_HEADER]).toBeUndefined();
  });

  it('pages one status only, and the counts match what the tabs list', async () => {
    const pending = (await pagesOf(me, '/api/trades?status=pending&limit=4')).flat();
    const completed = (await pagesOf(me, '/api/trades?status=completed&limit=4')).flat();
    expect(pending).toHaveLength(10);
    expect(completed).toHaveLength(10);
    expect(pending).toEqual(expected.filter((id) => pending.includes(id)));
    const counts = await me.get('/api/trades/counts');
    expect(counts.status).toBe(200);
    expect(counts.body).toEqual({ pending: 10, accepted: 0, completed: 10, all: 30 });
  });

  it('refuses a page above 100 trades, an unknown status and a cursor it did not write', async () => {
    expect((await me.get('/api/trades?limit=100')).status).toBe(200);
    for (const url of [
      '/api/trades?limit=101',
      '/api/trades?limit=0',
      '/api/trades?status=lost',
      '/api/trades?cursor=bm90LWEtY3Vyc29y',
      '/api/trades?cursor=!!',
    ]) {
      const res = await me.get(url);
      expect(res.status, url).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
  });

  it('answers the counts and the list to their member only', async () => {
    expect((await new TestClient(testApp().app).get('/api/trades/counts')).status).toBe(401);
    expect((await new TestClient(testApp().app).get('/api/trades')).status).toBe(401);
    const theirs = await other.get('/api/trades/counts');
    expect(theirs.body).toEqual({ pending: 10 + 5, accepted: 0, completed: 10, all: 35 });
  });
});
