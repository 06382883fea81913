import { rowsOf } from '../db/raw-rows';
import { sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedCatalog } from '../modules/catalog/seed-catalog';
import { QueryLog, signIn, useTestApp, type TestClient } from '../../test/test-app';

/**
 * Query discipline: every list endpoint runs the same number of statements for a page of one
 * item as for a page of twenty (no query per row), and no list hands out an unbounded page: a
 * limit above the endpoint's maximum is refused with a 400.
 */

const log = new QueryLog();

describe('list endpoints', () => {
  const testApp = useTestApp({ ADMIN_EMAILS: 'counts-admin@example.test' }, { logger: log });
  const run = (query: SQL) => testApp().ctx.db.execute(query);
  const rows = async <T>(query: SQL) => rowsOf<T>(await run(query));
  let me: TestClient & { user: { id: string } };
  let other: TestClient & { user: { id: string } };
  let admin: TestClient & { user: { id: string } };
  /** A member with no blocks, who sees every available listing. */
  let viewer: TestClient;
  let tradeId: number;
  let conversationId: number;

  /** The read of the session with its member (on the embedded database only a member's first request runs it: session-cache.ts). */
  const isSessionRead = (text: string) => /from "sessions"/.test(text);

  /** Statements one request runs besides the session's, and its answer. */
  async function counted(client: TestClient, url: string) {
    log.take();
    const res = await client.get(url);
    expect(res.status, `${url}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(200);
    return { statements: log.take().filter((entry) => !isSessionRead(entry.sql)).length, body: res.body as unknown, headers: res.headers };
  }

  /** How many items an answer holds, whatever its shape (array, page, thread, notifications). */
  const itemsIn = (body: unknown): number => {
    if (Array.isArray(body)) return body.length;
    const object = body as Record<string, unknown>;
    for (const key of ['items', 'messages', 'notifications', 'conversations', 'payments', 'releases', 'entries']) {
      if (Array.isArray(object[key])) return (object[key] as unknown[]).length;
    }
    throw new Error(`no list in ${JSON.stringify(body).slice(0, 200)}`);
  };

  beforeAll(async () => {
    me = await signIn(testApp().app, { email: 'counts-me@example.test', username: 'counts_me' });
    other = await signIn(testApp().app, { email: 'counts-other@example.test', username: 'counts_other' });
    admin = await signIn(testApp().app, { email: 'counts-admin@example.test', username: 'counts_admin' });
    viewer = await signIn(testApp().app, { email: 'counts-viewer@example.test', username: 'counts_viewer' });
    const [catalog] = await rows<{ n: number }>(sql`select count(*)::int as n from catalog_releases`);
    if (!catalog!.n) await seedCatalog(testApp().ctx);
    // 25 members, each with a listing, following me, followed and blocked by me, reported, and
    // in a conversation with me.
    await run(sql`insert into users (email, username) select 'c-' || i || '@example.test', 'c_' || i from generate_series(1, 25) i`);
    const others = sql`(select id, username from users where username like 'c\\_%')`;
    await run(sql`
      insert into sneakers (user_id, name, brand, model, size, condition, estimated_value)
      select id, 'Dunk Low ' || username, 'Nike', 'Dunk Low', 'US 9', 9.0, 120 from ${others} u`);
    await run(sql`
      insert into sneakers (user_id, name, brand, model, size, condition, estimated_value, is_available_for_trade)
      select ${me.user.id}::uuid, 'My pair ' || g, 'Jordan', 'Air Jordan 1', 'US 10', 9.5, 200 + g, g % 2 = 0 from generate_series(1, 50) g`);
    const [mine] = await rows<{ id: number }>(sql`select id from sneakers where user_id = ${me.user.id}::uuid order by id limit 1`);
    await run(sql`
      insert into trades (proposer_id, receiver_id, status, proposer_sneaker_ids, receiver_sneaker_ids)
      select ${me.user.id}::uuid, u.id, 'pending', array[${mine!.id}::int], array[s.id] from ${others} u join sneakers s on s.user_id = u.id`);
    const [trade] = await rows<{ id: number }>(sql`select id from trades where proposer_id = ${me.user.id}::uuid order by id limit 1`);
    tradeId = trade!.id;
    await run(
      sql`insert into messages (trade_id, sender_id, content) select ${tradeId}, ${me.user.id}::uuid, 'hi ' || g from generate_series(1, 25) g`,
    );
    await run(sql`
      insert into conversations (user_low_id, user_high_id, last_message_at)
      select least(${me.user.id}::uuid, u.id), greatest(${me.user.id}::uuid, u.id), now() from ${others} u`);
    await run(sql`
      insert into messages (conversation_id, sender_id, content)
      select c.id, ${me.user.id}::uuid, 'hello ' || g from conversations c cross join generate_series(1, 2) g`);
    await run(sql`update conversations c set last_message_id = (select max(id) from messages m where m.conversation_id = c.id)`);
    const [conversation] = await rows<{ id: number }>(sql`select id from conversations order by id limit 1`);
    conversationId = conversation!.id;
    await run(
      sql`insert into messages (conversation_id, sender_id, content) select ${conversationId}, ${me.user.id}::uuid, 'more ' || g from generate_series(1, 25) g`,
    );
    await run(
      sql`insert into notifications (user_id, kind, payload) select ${me.user.id}::uuid, 'trade.proposed', '{}'::jsonb from generate_series(1, 25)`,
    );
    await run(sql`insert into user_follows (follower_id, following_id) select id, ${me.user.id}::uuid from ${others} u`);
    await run(sql`insert into user_follows (follower_id, following_id) select ${me.user.id}::uuid, id from ${others} u`);
    await run(sql`insert into user_blocks (blocker_id, blocked_id) select ${other.user.id}::uuid, id from ${others} u`);
    await run(
      sql`insert into reports (reporter_id, kind, target_id, target_user_id, reason) select ${me.user.id}::uuid, 'member', id::text, id, 'spam' from ${others} u`,
    );
    await run(
      sql`insert into admin_audit_log (admin_id, action, target_type, target_id) select ${admin.user.id}::uuid, 'suspend-member', 'member', g::text from generate_series(1, 25) g`,
    );
    await run(sql`
      insert into payments (user_id, provider, provider_payment_id, amount_cents, status, period)
      select ${me.user.id}::uuid, 'sandbox', 'count_' || g, 500, 'succeeded', '2024-' || lpad(g::text, 2, '0') from generate_series(1, 25) g`);
    await run(sql`
      insert into wallet_entries (user_id, kind, amount_cents, trade_id)
      select ${me.user.id}::uuid, 'trade_cash_credit', 100 * g, null from generate_series(1, 25) g`);
    // A two-member loop with each of them: I give my first pair, they give theirs.
    await run(sql`
      with made as (
        insert into loops (accept_by) select now() + interval '3 days' from generate_series(1, 25) returning id
      ), paired as (
        select m.id as loop_id, u.id as user_id, s.id as sneaker_id
        from (select id, row_number() over (order by id) as n from made) m
        join (select id, row_number() over (order by id) as n from users where username like 'c\\_%') u on u.n = m.n
        join sneakers s on s.user_id = u.id
      )
      insert into loop_legs (loop_id, position, from_user_id, to_user_id, sneaker_ids, value)
      select loop_id, 0, ${me.user.id}::uuid, user_id, array[${mine!.id}::int], 200 from paired
      union all
      select loop_id, 1, user_id, ${me.user.id}::uuid, array[sneaker_id], 120 from paired`);
  }, 120_000);

  const paged: Array<{ name: string; who: () => TestClient; url: () => string; max: number }> = [
    { name: 'browse', who: () => me, url: () => '/api/sneakers', max: 100 },
    { name: 'browse, public', who: () => viewer, url: () => '/api/sneakers/public', max: 100 },
    { name: 'search', who: () => viewer, url: () => '/api/sneakers?q=dunk&brand=Nike', max: 100 },
    { name: 'a locker', who: () => viewer, url: () => `/api/sneakers/user/${me.user.id}`, max: 100 },
    { name: 'my own locker', who: () => me, url: () => `/api/sneakers/user/${me.user.id}`, max: 100 },
    { name: 'conversations', who: () => me, url: () => '/api/conversations', max: 100 },
    { name: 'conversation messages', who: () => me, url: () => `/api/conversations/${conversationId}/messages`, max: 100 },
    { name: 'trade messages', who: () => me, url: () => `/api/trades/${tradeId}/messages`, max: 100 },
    { name: 'notifications', who: () => me, url: () => '/api/notifications', max: 50 },
    { name: 'followers', who: () => me, url: () => `/api/users/${me.user.id}/followers`, max: 50 },
    { name: 'following', who: () => me, url: () => `/api/users/${me.user.id}/following`, max: 50 },
    { name: 'blocks', who: () => other, url: () => '/api/users/me/blocks', max: 50 },
    { name: 'admin reports', who: () => admin, url: () => '/api/admin/reports', max: 50 },
    { name: 'admin audit log', who: () => admin, url: () => '/api/admin/audit-log', max: 50 },
    { name: 'payments history', who: () => me, url: () => '/api/payments', max: 50 },
    { name: 'wallet', who: () => me, url: () => '/api/wallet', max: 50 },
    { name: 'the library', who: () => me, url: () => '/api/catalog', max: 100 },
    { name: 'trades', who: () => me, url: () => '/api/trades', max: 100 },
    { name: 'pending trades', who: () => me, url: () => '/api/trades?status=pending', max: 100 },
    { name: 'loops', who: () => me, url: () => '/api/loops', max: 50 },
  ];

  /** Lists with a bounded `limit` checked here without further pages: the wantlist (capped at 50 wants) and the first page of matches. */
  const bounded: Array<{ name: string; url: string; max: number }> = [
    { name: 'the wantlist', url: '/api/wants', max: 50 },
    { name: 'matches', url: '/api/matches', max: 50 },
  ];

  const withLimit = (url: string, limit: number) => `${url}${url.includes('?') ? '&' : '?'}limit=${limit}`;

  it.each(paged)('$name runs as many statements for 20 items as for 1', async ({ who, url }) => {
    // A request of a kind first, uncounted: the first one may fill what the server keeps in memory
    // (a search reads the catalogue once a minute, catalog-search.ts), and would count one statement
    // more than the next whatever its size. Another size, so no cached answer serves the counted ones.
    expect((await who().get(withLimit(url(), 2))).status).toBe(200);
    const one = await counted(who(), withLimit(url(), 1));
    const twenty = await counted(who(), withLimit(url(), 20));
    expect(itemsIn(one.body)).toBe(1);
    expect(itemsIn(twenty.body)).toBe(20);
    expect(twenty.statements).toBe(one.statements);
  });

  it.each(paged)('$name refuses a page above its maximum', async ({ who, url, max }) => {
    const res = await who().get(withLimit(url(), max + 1));
    expect(res.status).toBe(400);
    expect(res.body.message).toEqual(expect.any(String));
    expect((await who().get(withLimit(url(), 1_000_000))).status).toBe(400);
  });

  it.each(bounded)('$name refuses a limit above its maximum', async ({ url, max }) => {
    expect((await me.get(`${url}?limit=${max}`)).status).toBe(200);
    const res = await me.get(`${url}?limit=${max + 1}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toEqual(expect.any(String));
  });

  it('a signed-in read runs at most one statement for the session and its member, and writes nothing', async () => {
    await me.get('/api/notifications');
    log.take();
    const res = await me.get('/api/notifications');
    expect(res.status).toBe(200);
    const statements = log.take().map((entry) => entry.sql);
    // On PostgreSQL every request reads the session with its member; on the embedded database a
    // repeated request finds them in memory (session-cache.ts).
    const sessionReads = testApp().ctx.database.kind === 'pglite' ? 0 : 1;
    expect(statements.filter((text) => /"sessions"|"users"/.test(text))).toHaveLength(sessionReads);
    expect(statements.filter((text) => /^\s*(insert|update|delete)\b/i.test(text))).toEqual([]);
    // Then the page with the unread count (one statement since the unread count was folded into
    // the page's; it was 2).
    expect(statements).toHaveLength(sessionReads + 1);
  });

  it.each([
    { name: 'trade', url: () => `/api/trades/${tradeId}/messages?limit=20` },
    { name: 'conversation', url: () => `/api/conversations/${conversationId}/messages?limit=20` },
  ])('$name messages take one statement after the session', async ({ url }) => {
    await me.get(url());
    const { statements, body } = await counted(me, url());
    expect(itemsIn(body)).toBe(20);
    // After the session, the thread (for the access check) with its page in one statement (it was
    // 2: the thread, the page).
    expect(statements).toBe(1);
  });

  it('my own locker reads me only with my session', async () => {
    const mine = await counted(me, `/api/sneakers/user/${me.user.id}?limit=1`);
    const theirs = await counted(viewer, `/api/sneakers/user/${me.user.id}?limit=1`);
    expect(mine.statements).toBeLessThan(theirs.statements);
  });

  it('the trades list runs as many statements for 25 trades as for 1', async () => {
    const many = await counted(me, '/api/trades?limit=100');
    const few = await counted(other, '/api/trades?limit=100');
    expect(itemsIn(many.body)).toBe(25);
    expect(itemsIn(few.body)).toBe(0);
    // "other" has one trade once a member proposes to them.
    const [sneaker] = await rows<{ id: number }>(sql`select id from sneakers where user_id <> ${other.user.id}::uuid limit 1`);
    await run(
      sql`insert into trades (proposer_id, receiver_id, proposer_sneaker_ids, receiver_sneaker_ids) values (${me.user.id}::uuid, ${other.user.id}::uuid, array[${sneaker!.id}::int], '{}')`,
    );
    const one = await counted(other, '/api/trades?limit=100');
    expect(itemsIn(one.body)).toBe(1);
    expect(many.statements).toBe(one.statements);
  });

  it('the trade counts take one statement, whatever the number of trades', async () => {
    const mine = await counted(me, '/api/trades/counts');
    const none = await counted(viewer, '/api/trades/counts');
    expect(mine.body).toEqual({ pending: expect.any(Number), accepted: 0, completed: 0, all: expect.any(Number) });
    expect((mine.body as { all: number }).all).toBeGreaterThanOrEqual(25);
    expect(none.body).toEqual({ pending: 0, accepted: 0, completed: 0, all: 0 });
    expect(mine.statements).toBe(none.statements);
  });

  it('the disputes queue runs as many statements for 20 disputes as for 1', async () => {
    await run(sql`update trades set status = 'disputed', disputed_at = now() where id = ${tradeId}`);
    const one = await counted(admin, '/api/admin/disputes');
    await run(
      sql`update trades set status = 'disputed', disputed_at = now() where id in (select id from trades where status = 'pending' order by id limit 19)`,
    );
    const twenty = await counted(admin, '/api/admin/disputes');
    expect([itemsIn(one.body), itemsIn(twenty.body)]).toEqual([1, 20]);
    expect(twenty.statements).toBe(one.statements);
  });

  it('the wantlist runs as many statements for 20 wants as for 1', async () => {
    const releases = sql`(select id, row_number() over (order by id) as n from catalog_releases)`;
    await run(
      sql`insert into wants (user_id, catalog_release_id, sizes, min_condition, rank) select ${other.user.id}::uuid, r.id, '{US 9}', 8.0, r.n from ${releases} r where r.n = 1`,
    );
    const one = await counted(other, '/api/wants');
    await run(
      sql`insert into wants (user_id, catalog_release_id, sizes, min_condition, rank) select ${other.user.id}::uuid, r.id, '{US 9}', 8.0, r.n from ${releases} r where r.n between 2 and 20`,
    );
    const twenty = await counted(other, '/api/wants');
    expect([itemsIn(one.body), itemsIn(twenty.body)]).toEqual([1, 20]);
    expect(twenty.statements).toBe(one.statements);
  });
});
