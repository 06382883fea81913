import { rowsOf } from './raw-rows';
import { sql } from 'drizzle-orm';
import type { Db } from './client';

/** How often the embedded server looks for tables whose statistics are out of date. */
export const EMBEDDED_STATISTICS_EVERY_MS = 5 * 60 * 1000;

/**
 * The tables of our schema that changed size since they were last analyzed (by more than a tenth,
 * and more than 8 pages), or were never analyzed and hold rows. PGlite keeps no per-table counts of
 * changed rows (its activity statistics stay at zero), so size is the sign: `relpages` is the size
 * the last ANALYZE saw, `pg_relation_size` the size now.
 */
export async function tablesWithStaleStatistics(db: Db): Promise<string[]> {
  const result = await db.execute(sql`
    select c.relname as name
    from pg_class c
    where c.relnamespace = 'public'::regnamespace and c.relkind = 'r' and pg_relation_size(c.oid) > 0
      and (c.reltuples < 0
        or abs(pg_relation_size(c.oid) / current_setting('block_size')::integer - c.relpages) > 8 + c.relpages / 10)
    order by c.relname
  `);
  return rowsOf<{ name: string }>(result).map((row) => row.name);
}

/**
 * ANALYZE for the embedded database, which has no autovacuum to do it: PostgreSQL's background
 * worker refreshes a table's statistics once a tenth of it changed, PGlite (one process, one
 * connection) never does. Without them the planner guesses, and a guess can be a sequential scan
 * where an index was meant: the unread total of a batch of 50 chat posts read every message of the
 * demo for each recipient (30 ms a batch, and growing with every message) until the tables were
 * analyzed, then used `messages_conversation_id_idx` (docs/performance/embedded-statistics.md).
 * Each stale table is analyzed on its own (ANALYZE reads a sample of at most 30,000 rows, whatever
 * the table's size). Returns the tables analyzed.
 */
export async function refreshEmbeddedStatistics(db: Db): Promise<string[]> {
  const stale = await tablesWithStaleStatistics(db);
  for (const table of stale) await db.execute(sql`analyze ${sql.identifier(table)}`);
  return stale;
}
