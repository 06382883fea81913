import { rowsOf } from '../db/raw-rows';
import { sql, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedCatalog } from '../modules/catalog/seed-catalog';
import { JOB_HANDLERS, RECURRING_JOBS } from '../modules/register-jobs';
import { QueryLog, signIn, useTestApp, type TestClient } from '../../test/test-app';

/**
 * No list query scans a large table: the tables behind every list endpoint are filled with
 * tens of thousands of rows, each endpoint is called through the API, and every SELECT it ran is
 * re-run under EXPLAIN ANALYZE with its own parameters. A sequential scan of a large table, or a
 * node that reads and throws away far more rows than it keeps, fails the test with the plan.
 * PostgreSQL only: the plans are PostgreSQL's (PGlite has the same planner but these row
 * counts would make the PGlite run slow).
 */

/** A table with more rows than this counts as large. */
const LARGE_TABLE = 5_000;
/** A node may discard up to this many rows, or ten times what it keeps, whichever is more. */
const REMOVED_ALLOWED = 2_000;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Join Filter'?: number;
  Plans?: PlanNode[];
}

const log = new QueryLog();

describe('list queries on large tables', () => {
  const testApp = useTestApp({ ADMIN_EMAILS: 'plans-admin@example.test' }, { logger: log });
  const run = (query: SQL) => testApp().ctx.db.execute(query);
  const rows = async <T>(query: SQL) => rowsOf<T>(await run(query));
  let me: TestClient & { user: { id: string } };
  let other: TestClient & { user: { id: string } };
  let admin: TestClient & { user: { id: string } };
  let hiddenMemberId: string;
  let tradeId: number;
  let conversationId: number;
  let ledgerHash: string;
  let sneakerId: number;
  let releaseId: number;
  let tradesPage2: string;
  let loopsPage2: string;
  let matchesPage2: string;

  beforeAll(async () => {
    me = await signIn(testApp().app, { email: 'plans-me@example.test', username: 'plans_me' });
    other = await signIn(testApp().app, { email: 'plans-other@example.test', username: 'plans_other' });
    admin = await signIn(testApp().app, { email: 'plans-admin@example.test', username: 'plans_admin' });
    await run(sql`insert into users (email, username) select 'bulk-' || i || '@example.test', 'bulk_' || i from generate_series(1, 20000) i`);
    // Members who list nothing: a member table the size a real one grows to.
    await run(sql`insert into users (email, username) select 'idle-' || i || '@example.test', 'idle_' || i from generate_series(1, 80000) i`);
    const [hidden] = await rows<{ id: string }>(
      sql`insert into users (email, username) values ('hidden@example.test', 'hidden_member') returning id`,
    );
    hiddenMemberId = hidden!.id;
    const [catalog] = await rows<{ n: number }>(sql`select count(*)::int as n from catalog_releases`);
    if (!catalog!.n) await seedCatalog(testApp().ctx);
    const [release] = await rows<{ id: number }>(sql`select id from catalog_releases order by id limit 1`);
    releaseId = release?.id ?? 0;

    // 200,000 sneakers: bulk members' listings, newest last; the hidden member's are all hidden
    // and oldest, the case that once walked the whole newest-first index.
    await run(sql`
      with u as (select id, row_number() over (order by id) as n from users where username like 'bulk_%')
      insert into sneakers (user_id, name, brand, model, colorway, size, condition, estimated_value, is_available_for_trade, created_at, updated_at)
      select u.id, (array['Air Jordan', 'Air Max', 'Air Force', 'Dunk', 'Zoom', 'Blazer', 'Cortez', 'Huarache', 'Presto', 'Vapor'])[1 + i % 10] || ' ' || (i % 97),
             case when i % 3 = 0 then 'Nike' else 'Jordan' end, 'Model ' || (i % 40),
             (array['Bred', 'Chicago', 'Panda', 'Royal', 'Shadow', 'Mocha', 'Volt', 'Infrared', 'Cement', 'Oreo', 'Pine', 'Lucky', 'Court', 'Hyper', 'Sail', 'Cream', 'Olive', 'Navy', 'Rust', 'Smoke'])[1 + (i / 10) % 20], 'US ' || (7 + i % 7), 9.0, 100 + i % 500, i % 10 <> 0,
             now() - make_interval(mins => 200000 - i), now()
      from generate_series(1, 200000) i join u on u.n = 1 + i % 20000`);
    await run(sql`
      insert into sneakers (user_id, name, brand, model, size, condition, estimated_value, is_available_for_trade, created_at, updated_at)
      select ${hiddenMemberId}::uuid, 'Hidden pair ' || i, 'Nike', 'Dunk Low', 'US 9', 8.0, 150, false, now() - interval '2 years', now()
      from generate_series(1, 30) i`);
    await run(sql`
      insert into sneakers (user_id, name, brand, model, size, condition, estimated_value, created_at, updated_at)
      select ${me.user.id}::uuid, 'My pair ' || i, 'Jordan', 'Air Jordan 1', 'US 10', 9.5, 200 + i, now() - make_interval(days => i), now()
      from generate_series(1, 30) i`);
    const [mine] = await rows<{ id: number }>(sql`select id from sneakers where user_id = ${me.user.id}::uuid order by id limit 1`);
    sneakerId = mine!.id;

    // 100,000 trades among bulk members, 30 of them mine.
    await run(sql`
      with u as (select id, row_number() over (order by id) as n from users where username like 'bulk_%')
      insert into trades (proposer_id, receiver_id, status, proposer_sneaker_ids, receiver_sneaker_ids, created_at, updated_at)
      select a.id, b.id, case when i % 50 = 0 then 'disputed' when i % 2 = 0 then 'completed' else 'pending' end, array[i], array[i + 1],
             now() - make_interval(mins => i), now()
      from generate_series(1, 100000) i join u a on a.n = 1 + i % 20000 join u b on b.n = 1 + (i + 7) % 20000`);
    await run(sql`
      insert into trades (proposer_id, receiver_id, proposer_sneaker_ids, receiver_sneaker_ids)
      select ${me.user.id}::uuid, ${other.user.id}::uuid, array[${sneakerId}::int], '{}' from generate_series(1, 30)`);
    // 20,000 open trades whose deadlines are still ahead: what the minutely sweeps must not walk.
    await run(sql`
      with u as (select id, row_number() over (order by id) as n from users where username like 'bulk_%')
      insert into trades (proposer_id, receiver_id, status, proposer_sneaker_ids, receiver_sneaker_ids, expires_at, ship_by, created_at, updated_at)
      select a.id, b.id, case when i % 2 = 0 then 'pending' else 'accepted' end, array[i], array[i + 1],
             case when i % 2 = 0 then now() + make_interval(hours => 30 + i) end, case when i % 2 = 1 then now() + make_interval(hours => 30 + i) end,
             now() - make_interval(mins => i), now()
      from generate_series(1, 20000) i join u a on a.n = 1 + i % 20000 join u b on b.n = 1 + (i + 11) % 20000`);
    const [trade] = await rows<{ id: number }>(sql`select id from trades where proposer_id = ${me.user.id}::uuid order by id limit 1`);
    tradeId = trade!.id;

    // Conversations and 100,000 messages; mine hold 40.
    await run(sql`
      with u as (select id, row_number() over (order by id) as n from users where username like 'bulk_%')
      insert into conversations (user_low_id, user_high_id, last_message_at)
      select least(a.id, b.id), greatest(a.id, b.id), now() - make_interval(mins => i)
      from generate_series(1, 20000) i join u a on a.n = 1 + i % 20000 join u b on b.n = 1 + (i * 7 + 1) % 20000
      where a.id <> b.id
      on conflict do nothing`);
    await run(sql`
      insert into messages (conversation_id, sender_id, content, created_at)
      select c.id, c.user_low_id, 'bulk message ' || g, now() - make_interval(mins => g)
      from conversations c cross join generate_series(1, 5) g`);
    await run(sql`
      insert into messages (trade_id, sender_id, content)
      select t.id, t.proposer_id, 'trade message' from trades t where t.id % 2 = 0`);
    const [conversation] = await rows<{ id: number }>(sql`
      insert into conversations (user_low_id, user_high_id, last_message_at)
      values (least(${me.user.id}::uuid, ${other.user.id}::uuid), greatest(${me.user.id}::uuid, ${other.user.id}::uuid), now()) returning id`);
    conversationId = conversation!.id;
    await run(sql`
      insert into messages (conversation_id, sender_id, content)
      select ${conversationId}, ${other.user.id}::uuid, 'hello ' || g from generate_series(1, 40) g`);
    await run(
      sql`insert into messages (trade_id, sender_id, content) select ${tradeId}, ${other.user.id}::uuid, 'trade hello ' || g from generate_series(1, 40) g`,
    );

    // Notifications, follows, blocks, reports, audit log, payments, prices, ledger entries.
    await run(sql`
      insert into notifications (user_id, kind, payload, read_at, created_at)
      select u.id, 'trade.proposed', '{}'::jsonb, case when g % 2 = 0 then now() end, now() - make_interval(mins => g)
      from users u cross join generate_series(1, 5) g where u.username like 'bulk_%'`);
    await run(
      sql`insert into notifications (user_id, kind, payload) select ${me.user.id}::uuid, 'trade.proposed', '{}'::jsonb from generate_series(1, 30)`,
    );
    await run(sql`
      with u as (select id, row_number() over (order by id) as n from users where username like 'bulk_%')
      insert into user_follows (follower_id, following_id)
      select a.id, b.id from generate_series(1, 100000) i join u a on a.n = 1 + i % 20000 join u b on b.n = 1 + (i * 13 + i / 20000 + 1) % 20000
      where a.id <> b.id
      on conflict do nothing`);
    await run(sql`
      insert into user_follows (follower_id, following_id)
      select u.id, ${me.user.id}::uuid from users u where u.username like 'bulk_%' limit 40`);
    await run(sql`
      insert into user_follows (follower_id, following_id)
      select ${me.user.id}::uuid, u.id from users u where u.username like 'bulk_%' limit 40`);
    await run(sql`
      insert into reports (reporter_id, kind, target_id, target_user_id, reason, status, created_at)
      select u.id, 'member', g::text, u.id, 'spam', case when g % 10 = 0 then 'open' else 'dismissed' end, now() - make_interval(mins => g)
      from users u cross join generate_series(1, 3) g where u.username like 'bulk_%'
      on conflict do nothing`);
    await run(sql`
      insert into admin_audit_log (admin_id, action, target_type, target_id, created_at)
      select ${admin.user.id}::uuid, 'suspend-member', 'member', g::text, now() - make_interval(mins => g) from generate_series(1, 30000) g`);
    await run(sql`
      insert into payments (user_id, provider, provider_payment_id, amount_cents, status, period, created_at, updated_at)
      select u.id, 'sandbox', 'bulk_' || u.id || '_' || g, 500, 'succeeded', '2025-' || lpad(g::text, 2, '0'), now() - make_interval(days => g), now()
      from users u cross join generate_series(1, 3) g where u.username like 'bulk_%'`);
    await run(sql`
      insert into payments (user_id, provider, provider_payment_id, amount_cents, status, period)
      select ${me.user.id}::uuid, 'sandbox', 'mine_' || g, 500, 'succeeded', '2024-' || lpad(g::text, 2, '0') from generate_series(1, 12) g`);
    await run(sql`
      insert into wallet_entries (user_id, kind, amount_cents, created_at)
      select u.id, 'trade_cash_credit', 100 * g, now() - make_interval(days => g)
      from users u cross join generate_series(1, 3) g where u.username like 'bulk_%'`);
    await run(sql`
      insert into wallet_entries (user_id, kind, amount_cents) select ${me.user.id}::uuid, 'trade_cash_credit', 100 * g from generate_series(1, 30) g`);
    await run(sql`
      insert into price_snapshots (sneaker_id, price, source, captured_at)
      select s.id, 100 + g, 'market', now() - make_interval(days => g)
      from sneakers s cross join generate_series(1, 5) g where s.id % 20 = 0 or s.id = ${sneakerId}
      on conflict do nothing`);
    if (releaseId) {
      await run(sql`
        insert into price_snapshots (catalog_release_id, price, source, captured_at)
        select r.id, 100 + g, 'market', now() - make_interval(days => g)
        from catalog_releases r cross join generate_series(1, 30) g
        on conflict do nothing`);
    }
    await run(sql`
      insert into ledger_entries (trade_id, event, payload, trade_ref, salt, commitment, prev_hash, hash)
      select 1 + (g % 1000), 'lock', '{}'::jsonb, md5(g::text), md5('s' || g), md5('c' || g), md5('p' || g), md5('h' || g) || md5('x' || g)
      from generate_series(1, 50000) g`);
    const [entry] = await rows<{ hash: string }>(sql`select hash from ledger_entries order by id limit 1 offset 25000`);
    ledgerHash = entry!.hash;

    // 20,000 two-member loops among bulk members, and 30 of mine with the other member.
    await run(sql`
      with u as (select id, row_number() over (order by id) as n from users where username like 'bulk_%'),
      made as (insert into loops (status, accept_by) select 'completed', now() from generate_series(1, 20000) returning id),
      m as (select id, row_number() over (order by id) as n from made),
      pair as (select m.id as loop_id, a.id as a_id, b.id as b_id from m join u a on a.n = 1 + m.n % 20000 join u b on b.n = 1 + (m.n + 3) % 20000)
      insert into loop_legs (loop_id, position, from_user_id, to_user_id, sneaker_ids, value)
      select loop_id, 0, a_id, b_id, array[1], 100 from pair
      union all
      select loop_id, 1, b_id, a_id, array[2], 100 from pair`);
    await run(sql`
      with made as (insert into loops (status, accept_by) select 'completed', now() from generate_series(1, 30) returning id)
      insert into loop_legs (loop_id, position, from_user_id, to_user_id, sneaker_ids, value)
      select id, 0, ${me.user.id}::uuid, ${other.user.id}::uuid, array[${sneakerId}::int], 100 from made
      union all
      select id, 1, ${other.user.id}::uuid, ${me.user.id}::uuid, array[1], 100 from made`);
    // Stored matches: 5,000 partners of mine (each giving a listed pair of a release), each of them
    // with me, and five partners for each bulk member; the bulk load's members wait in the refresh
    // queue but one.
    await run(sql`update sneakers set catalog_release_id = ${releaseId} where id = ${sneakerId}`);
    await run(sql`
      with chosen as (
        select distinct on (s.user_id) s.user_id, s.id from sneakers s join users u on u.id = s.user_id
        where u.username like 'bulk_%' and s.is_available_for_trade order by s.user_id, s.id limit 5000
      ), listed as (update sneakers s set catalog_release_id = ${releaseId} from chosen c where s.id = c.id returning s.id, s.user_id)
      insert into member_matches (member_id, partner_id, give_pair_id, receive_pair_id, receive_rank, give_rank, value_balance, score)
      select ${me.user.id}::uuid, l.user_id, ${sneakerId}, l.id, 1, 1 + l.id % 7, 0.5, 1.5 + 1.0 / (1 + l.id % 7) from listed l
      union all
      select l.user_id, ${me.user.id}::uuid, l.id, ${sneakerId}, 1 + l.id % 7, 1, 0.5, 1.5 + 1.0 / (1 + l.id % 7) from listed l`);
    await run(sql`
      with u as (select id, row_number() over (order by id) as n from users where username like 'bulk_%')
      insert into member_matches (member_id, partner_id, give_pair_id, receive_pair_id, receive_rank, give_rank, value_balance, score)
      select a.id, b.id, 1, 2, 1, 1, 0.5, 1 + g * 0.1 from u a cross join generate_series(1, 5) g join u b on b.n = 1 + (a.n + g * 101) % 20000
      on conflict do nothing`);
    // The pairs just listed went to the GIN indexes' pending lists, which the planner counts against
    // those indexes: merged now, so the search plans read what they read before these rows.
    await run(sql`
      select gin_clean_pending_list(i.indexrelid) from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam
      where i.indrelid = 'sneakers'::regclass and a.amname = 'gin'`);
    await run(sql`delete from match_refresh_queue where member_id <> (select min(member_id::text)::uuid from match_refresh_queue)`);
    await run(sql`analyze`);
    matchesPage2 = String((await me.get('/api/matches?limit=10')).headers['x-next-cursor']);
    // Second pages: where a cursor starts the read.
    tradesPage2 = String((await me.get('/api/trades?limit=10')).headers['x-next-cursor']);
    loopsPage2 = String((await me.get('/api/loops?limit=10')).headers['x-next-cursor']);
  }, 600_000);

  /** Every statement the request ran that reads: selects and CTEs. */
  async function statementsOf(client: TestClient, url: string) {
    log.take();
    const res = await client.get(url);
    expect(res.status, `${url}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(200);
    return log.take().filter((entry) => /^\s*(select|with)\b/i.test(entry.sql) && !/\bfor (update|share|no key update)\b/i.test(entry.sql));
  }

  async function problemsOf(statement: { sql: string; params: unknown[] }): Promise<string[]> {
    const pool = (testApp().ctx.db as unknown as { $client: pg.Pool }).$client;
    // EXPLAIN ANALYZE runs the statement: a job's writes are explained in a transaction rolled back.
    const client = await pool.connect();
    let explained: pg.QueryResult;
    try {
      await client.query('begin');
      explained = await client.query(`explain (analyze, format json) ${statement.sql}`, statement.params as unknown[]);
    } finally {
      await client.query('rollback');
      client.release();
    }
    const plan = (explained.rows[0] as { 'QUERY PLAN': Array<{ Plan: PlanNode }> })['QUERY PLAN'][0]!.Plan;
    const problems: string[] = [];
    const walk = async (node: PlanNode) => {
      const loops = node['Actual Loops'] ?? 1;
      const kept = (node['Actual Rows'] ?? 0) * loops;
      const removed = ((node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Join Filter'] ?? 0)) * loops;
      // A small table may well be read whole: that is the cheap plan, not a missing index.
      const relation = node['Relation Name'];
      const [size] = relation ? await rows<{ n: number }>(sql`select reltuples::bigint as n from pg_class where relname = ${relation}`) : [];
      const large = relation === undefined || Number(size?.n ?? 0) > LARGE_TABLE;
      if (node['Node Type'] === 'Seq Scan' && large) problems.push(`Seq Scan on ${relation} (${size!.n} rows)`);
      if (large && removed > REMOVED_ALLOWED && removed > 10 * kept)
        problems.push(`${node['Node Type']} on ${relation ?? '?'} removed ${removed} rows to keep ${kept}`);
      for (const child of node.Plans ?? []) await walk(child);
    };
    await walk(plan);
    return problems;
  }

  const endpoints: Array<{ name: string; who: () => TestClient; url: () => string }> = [
    { name: 'browse, members', who: () => me, url: () => '/api/sneakers' },
    { name: 'browse, public', who: () => other, url: () => '/api/sneakers/public' },
    { name: 'browse by value', who: () => me, url: () => '/api/sneakers?sort=value_desc' },
    { name: 'browse a brand by value', who: () => me, url: () => '/api/sneakers?brand=Nike&sort=value_asc' },
    // One size's run in value order (migration 0056), each chart's branch on its own.
    { name: 'browse a size by value', who: () => me, url: () => '/api/sneakers?size=US%2010&sort=value_desc' },
    { name: 'search one word', who: () => me, url: () => '/api/sneakers?q=cortez' },
    { name: 'search two words with a brand', who: () => me, url: () => '/api/sneakers?q=dunk%20bred&brand=Nike' },
    { name: 'search one word by value', who: () => me, url: () => '/api/sneakers?q=cortez&brand=Jordan&sort=value_desc' },
    { name: 'search one word by value, every brand', who: () => me, url: () => '/api/sneakers?q=cortez&sort=value_asc' },
    // The walk of the first tier finds none: one read of the words' trigrams answers both relevance tiers.
    { name: 'search a word the brand lacks', who: () => me, url: () => '/api/sneakers?q=hidden&brand=Nike' },
    // The covering walk's first window finds none: the value bands are probed (migration 0023).
    { name: 'search a word the brand lacks, by value', who: () => me, url: () => '/api/sneakers?q=hidden&brand=Nike&sort=value_desc' },
    { name: 'search a word deep in the value order', who: () => me, url: () => '/api/sneakers?q=smoke%20cortez&sort=value_desc' },
    // A word without a trigram has no band keys: the sample chooses between walking and the trigram index.
    { name: 'search a word without a trigram, by value', who: () => me, url: () => '/api/sneakers?q=9&brand=Jordan&sort=value_desc' },
    { name: 'a locker whose listings are all hidden', who: () => other, url: () => `/api/sneakers/user/${hiddenMemberId}` },
    { name: 'my own locker', who: () => me, url: () => `/api/sneakers/user/${me.user.id}` },
    { name: 'trades', who: () => me, url: () => '/api/trades' },
    { name: 'trades, second page', who: () => me, url: () => `/api/trades?limit=10&cursor=${tradesPage2}` },
    { name: 'pending trades', who: () => me, url: () => '/api/trades?status=pending' },
    { name: 'trade counts', who: () => me, url: () => '/api/trades/counts' },
    { name: 'trade messages', who: () => me, url: () => `/api/trades/${tradeId}/messages` },
    { name: 'conversations', who: () => me, url: () => '/api/conversations' },
    { name: 'conversation messages', who: () => me, url: () => `/api/conversations/${conversationId}/messages` },
    { name: 'unread messages', who: () => me, url: () => '/api/chat/unread' },
    { name: 'notifications', who: () => me, url: () => '/api/notifications' },
    { name: 'followers', who: () => me, url: () => `/api/users/${me.user.id}/followers` },
    { name: 'following', who: () => me, url: () => `/api/users/${me.user.id}/following` },
    { name: 'blocks', who: () => me, url: () => '/api/users/me/blocks' },
    { name: 'wants', who: () => me, url: () => '/api/wants' },
    { name: 'matches', who: () => me, url: () => '/api/matches' },
    { name: 'matches, second page', who: () => me, url: () => `/api/matches?limit=10&cursor=${matchesPage2}` },
    { name: 'loops', who: () => me, url: () => '/api/loops' },
    { name: 'loops, second page', who: () => me, url: () => `/api/loops?limit=10&cursor=${loopsPage2}` },
    { name: 'ledger page', who: () => me, url: () => `/api/ledger/entries/${ledgerHash}` },
    { name: 'admin disputes', who: () => admin, url: () => '/api/admin/disputes' },
    { name: 'admin reports', who: () => admin, url: () => '/api/admin/reports' },
    { name: 'admin audit log', who: () => admin, url: () => '/api/admin/audit-log' },
    { name: 'payments history', who: () => me, url: () => '/api/payments' },
    { name: 'wallet', who: () => me, url: () => '/api/wallet' },
    { name: 'sneaker price history', who: () => me, url: () => `/api/sneakers/${sneakerId}/prices?period=1y` },
    { name: 'release price history', who: () => me, url: () => `/api/catalog/${releaseId}/prices?period=90d` },
    {
      name: 'a library page of price lines',
      who: () => me,
      url: () => `/api/catalog/prices?ids=${releaseId},${releaseId + 1},${releaseId + 2}&period=1y`,
    },
    { name: 'the library', who: () => me, url: () => '/api/catalog' },
    { name: 'a member profile', who: () => me, url: () => `/api/users/${other.user.id}` },
  ];

  async function problemsIn(statements: Array<{ sql: string; params: unknown[] }>): Promise<string[]> {
    const found: string[] = [];
    for (const statement of statements) {
      const problems = await problemsOf(statement);
      if (problems.length) found.push(`${problems.join('; ')} in: ${statement.sql.replace(/\s+/g, ' ').trim().slice(0, 700)}`);
    }
    return found;
  }

  it.each(endpoints)('$name reads no large table in full', async ({ who, url }) => {
    const statements = await statementsOf(who(), url());
    expect(statements.length).toBeGreaterThan(0);
    expect(await problemsIn(statements)).toEqual([]);
  });

  // The jobs every instance runs each few minutes: what they read, they read through an index.
  const frequentJobs = RECURRING_JOBS.filter((job) => job.everyMs <= 5 * 60 * 1000).map((job) => job.kind);

  it.each(frequentJobs)('the %s job reads no large table in full', async (kind) => {
    log.take();
    await JOB_HANDLERS[kind]!(testApp().ctx, {});
    const statements = log.take().filter((entry) => /^[\s(]*(select|with|insert|update|delete)\b/i.test(entry.sql));
    expect(statements.length).toBeGreaterThan(0);
    expect(await problemsIn(statements)).toEqual([]);
  });
});
