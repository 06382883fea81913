import { rowsOf } from './raw-rows';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unreadTotalSql } from '../modules/chat/chat.repository';
import { openTestDatabase } from '../../test/test-database';
import type { Database } from './client';
import { refreshEmbeddedStatistics, tablesWithStaleStatistics } from './embedded-statistics';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

const scansOf = (node: PlanNode): string[] => [
  ...(node['Relation Name'] ? [`${node['Node Type']} on ${node['Relation Name']}`] : []),
  ...(node.Plans ?? []).flatMap(scansOf),
];

/**
 * The embedded database has no autovacuum: unless the server analyzes its tables, the planner never
 * learns they grew, and reads a recipient's unread messages by scanning every message.
 */
describe('refreshing the statistics of the embedded database', () => {
  let database: Database;
  let recipient: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    const { db } = database;
    // 400 members in 200 conversations of 25 messages: a chat's worth of data added since the tables were last analyzed.
    await db.execute(sql`insert into users (username, email) select 'stats' || g, 'stats' || g || '@example.com' from generate_series(1, 400) g`);
    await db.execute(sql`
      insert into conversations (user_low_id, user_high_id, created_at)
      select least(a.id, b.id), greatest(a.id, b.id), now()
      from (select id, row_number() over (order by id) n from users where username like 'stats%') a
      join (select id, row_number() over (order by id) n from users where username like 'stats%') b on b.n = a.n + 200
    `);
    await db.execute(
      sql`insert into messages (conversation_id, sender_id, content, created_at) select c.id, c.user_low_id, 'Still available?', now() from conversations c, generate_series(1, 25)`,
    );
    const rows = rowsOf<{ id: string }>(await db.execute(sql`select user_high_id as id from conversations order by id limit 1`));
    recipient = rows[0]!.id;
  });
  afterAll(() => database.close());

  async function unreadTotalScans(): Promise<string[]> {
    const rows = rowsOf<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
      await database.db.execute(sql`explain (format json) select ${unreadTotalSql(database.db, recipient)}`),
    );
    return scansOf(rows[0]!['QUERY PLAN'][0]!.Plan);
  }

  it('finds the tables that grew since they were analyzed, analyzes them, and the unread total then reads by index', async () => {
    const stale = await tablesWithStaleStatistics(database.db);
    // PostgreSQL's own autovacuum may have analyzed some already; PGlite never does.
    if (database.kind === 'pglite') {
      expect(stale).toEqual(expect.arrayContaining(['conversations', 'messages', 'users']));
      expect(await unreadTotalScans()).toContain('Seq Scan on messages');
    }

    const analyzed = await refreshEmbeddedStatistics(database.db);
    expect(analyzed).toEqual(stale);
    expect(await tablesWithStaleStatistics(database.db)).toEqual([]);
    const scans = await unreadTotalScans();
    expect(scans.filter((scan) => scan.endsWith(' on messages'))).not.toContain('Seq Scan on messages');
    expect(scans.some((scan) => /Index.* on messages/.test(scan))).toBe(true);

    // Nothing changed since: the next round analyzes nothing.
    expect(await refreshEmbeddedStatistics(database.db)).toEqual([]);
  });
});
