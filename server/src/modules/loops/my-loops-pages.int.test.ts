import { rowsOf } from '../../db/raw-rows';
import { NEXT_CURSOR_HEADER } from '@soleswap/contracts/list-query';
import { sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSneaker } from '../../../test/factories';
import { signIn, useTestApp, type TestClient } from '../../../test/test-app';

/** GET /api/loops a page at a time: each of the member's loops once, newest first. */
describe('my loops, a page at a time', () => {
  const testApp = useTestApp();
  const run = (query: SQL) => testApp().ctx.db.execute(query);
  let me: TestClient & { user: { id: string } };
  let mine: number[];

  beforeAll(async () => {
    me = await signIn(testApp().app, { email: 'loop-pages-me@example.test', username: 'loop_pages_me' });
    const other = await signIn(testApp().app, { email: 'loop-pages-other@example.test', username: 'loop_pages_other' });
    const third = await signIn(testApp().app, { email: 'loop-pages-third@example.test', username: 'loop_pages_third' });
    const myPair = await buildSneaker(testApp().ctx, { userId: me.user.id });
    const theirPair = await buildSneaker(testApp().ctx, { userId: other.user.id });
    const thirdPair = await buildSneaker(testApp().ctx, { userId: third.user.id });
    // 25 two-member loops of mine, and 3 between the other two members.
    const addLoops = (a: string, aPair: number, b: string, bPair: number, n: number) =>
      run(sql`
        with made as (insert into loops (accept_by) select now() + interval '3 days' from generate_series(1, ${n}::int) returning id)
        insert into loop_legs (loop_id, position, from_user_id, to_user_id, sneaker_ids, value)
        select id, 0, ${a}::uuid, ${b}::uuid, array[${aPair}::int], 100 from made
        union all
        select id, 1, ${b}::uuid, ${a}::uuid, array[${bPair}::int], 100 from made`);
    await addLoops(me.user.id, myPair.id, other.user.id, theirPair.id, 25);
    await addLoops(other.user.id, theirPair.id, third.user.id, thirdPair.id, 3);
    const result = await run(sql`select loop_id as id from loop_legs where from_user_id = ${me.user.id}::uuid order by loop_id desc`);
    mine = rowsOf<{ id: number }>(result).map((r) => Number(r.id));
  });

  it('gives 25 loops in two pages of 20 and 5, newest first, each once', async () => {
    const first = await me.get('/api/loops');
    expect(first.status).toBe(200);
    const cursor = first.headers[NEXT_CURSOR_HEADER] as string;
    expect(cursor).toEqual(expect.any(String));
    const second = await me.get(`/api/loops?cursor=${encodeURIComponent(cursor)}`);
    expect(second.headers[NEXT_CURSOR_HEADER]).toBeUndefined();
    const ids = [...first.body, ...second.body].map((loop: { id: number }) => loop.id);
    expect([first.body.length, second.body.length]).toEqual([20, 5]);
    expect(ids).toEqual(mine);
    // Each loop as its member sees it: what they give and get.
    expect(first.body[0].myGive).toMatchObject({ fromUserId: me.user.id, sneakers: [expect.objectContaining({ id: expect.any(Number) })] });
  });

  it('refuses a page above 50 loops and a cursor it did not write', async () => {
    expect((await me.get('/api/loops?limit=50')).body).toHaveLength(25);
    for (const url of ['/api/loops?limit=51', '/api/loops?cursor=abc', '/api/loops?cursor=%2F%2F']) {
      expect((await me.get(url)).status, url).toBe(400);
    }
  });
});
