import { rowsOf } from '../../db/raw-rows';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { QueryLog, TestClient, useTestApp } from '../../../test/test-app';

/**
 * Issue #26: a visitor's search by value with a word and a brand ran for more than 20 minutes on
 * the 1M load. A word the brand holds only at the bottom of the value order (or not at all) made
 * the value bands probe every band of the order, one GIN lookup each, about a thousand. The
 * probes are now bounded: after BANDS_BEFORE_TRIGRAM empty bands, one capped read of the trigram
 * index answers the rest (at most 64 empty bands and the 32 of the probe statement that reached them). Checked under EXPLAIN ANALYZE: how many times the band-key index is
 * looked up across every statement of the search, and that the answer is still exactly right.
 */

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

const log = new QueryLog();

describe('search by value with a word and a brand: bounded probes', () => {
  const testApp = useTestApp({}, { logger: log });
  let rareIds: number[] = [];

  beforeAll(async () => {
    const { db } = testApp().ctx;
    const [owner] = rowsOf<{ id: string }>(
      await db.execute(sql`insert into users (email, username) values ('bands@example.test', 'bands_owner') returning id`),
    );
    // 3,000 Nikes whose values spread over every band from $1 to about $50,000 (a thousand bands),
    // and Adidas pairs holding the word, so its band keys exist across the order.
    await db.execute(sql`
      insert into sneakers (user_id, name, brand, model, colorway, size, condition, estimated_value, is_available_for_trade)
      select ${owner!.id}::uuid, 'Dunk Low ' || i, 'Nike', 'Dunk Low', 'Black/White', '10', 9, round(exp(i / 3000.0 * 10.8)::numeric, 2), true
      from generate_series(1, 3000) i`);
    await db.execute(sql`
      insert into sneakers (user_id, name, brand, model, colorway, size, condition, estimated_value, is_available_for_trade)
      select ${owner!.id}::uuid, 'Samba Hiddenite ' || i, 'Adidas', 'Samba', 'White/Green', '10', 9, round(exp(i / 300.0 * 10.8)::numeric, 2), true
      from generate_series(1, 300) i`);
    // The word in three Nikes at the very bottom of the value order, and one hidden from visitors.
    rareIds = rowsOf<{ id: number }>(
      await db.execute(sql`
        insert into sneakers (user_id, name, brand, model, colorway, size, condition, estimated_value, is_available_for_trade)
        values (${owner!.id}::uuid, 'Dunk Hiddenite A', 'Nike', 'Dunk Low', 'Grey', '10', 9, 0.5, true),
               (${owner!.id}::uuid, 'Dunk Hiddenite B', 'Nike', 'Dunk Low', 'Grey', '10', 9, 0.7, true),
               (${owner!.id}::uuid, 'Dunk Hiddenite C', 'Nike', 'Dunk Low', 'Grey', '10', 9, 0.3, true)
        returning id`),
    ).map((r) => r.id);
    await db.execute(sql`
      insert into sneakers (user_id, name, brand, model, colorway, size, condition, estimated_value, is_available_for_trade)
      values (${owner!.id}::uuid, 'Dunk Hiddenite Off', 'Nike', 'Dunk Low', 'Grey', '10', 9, 0.6, false)`);
    await db.execute(sql`analyze sneakers`);
  }, 120_000);

  /** How many times each statement of a request looked up the band-key index, under EXPLAIN ANALYZE. */
  async function bandLookups(statements: Array<{ sql: string; params: unknown[] }>): Promise<{ lookups: number }> {
    const client = (testApp().ctx.db as unknown as { $client: { query: (q: string, p: unknown[]) => Promise<{ rows: unknown[] }> } }).$client;
    let lookups = 0;
    for (const statement of statements) {
      const explained = await client.query(`explain (analyze, format json) ${statement.sql}`, statement.params);
      const cell = (explained.rows[0] as Record<string, unknown>)['QUERY PLAN'];
      const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as Array<{ Plan: PlanNode }>;
      const walk = (node: PlanNode) => {
        if (node['Index Name'] === 'sneakers_value_search_keys_idx') lookups += node['Actual Loops'] ?? 1;
        for (const child of node.Plans ?? []) walk(child);
      };
      walk(plan[0]!.Plan);
    }
    return { lookups };
  }

  async function search(url: string) {
    log.take();
    const res = await new TestClient(testApp().app).get(url);
    expect(res.status).toBe(200);
    const statements = log.take().filter((entry) => /^\s*(select|with)\b/i.test(entry.sql));
    return { ids: (res.body as Array<{ id: number }>).map((s) => s.id), ...(await bandLookups(statements)) };
  }

  it('finds a word the brand holds only at the bottom of the value order without probing every band', async () => {
    const byValueDesc = await search('/api/sneakers/public?q=hiddenite&brand=Nike&sort=value_desc');
    // B (0.70), A (0.50), C (0.30): the visitor does not see the hidden one.
    expect(byValueDesc.ids).toEqual([rareIds[1], rareIds[0], rareIds[2]]);
    expect(byValueDesc.lookups).toBeLessThanOrEqual(96);
  });

  it('answers a word the brand lacks with a bounded number of lookups', async () => {
    const absent = await search('/api/sneakers/public?q=samba&brand=Nike&sort=value_desc');
    expect(absent.ids).toEqual([]);
    expect(absent.lookups).toBeLessThanOrEqual(96);
  });
});
