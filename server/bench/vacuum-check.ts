import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { rowsOf } from '../src/db/raw-rows';

/**
 * The benches' check that `VACUUM ANALYZE` ran after the data was written (db:load ends with it):
 * without it the visibility map is empty, so every "index-only" scan reads the table's pages
 * too, and the planner's statistics may be missing. A table of 1,000+ pages with under 90% of
 * its pages all-visible, or never analyzed, is vacuumed and analyzed now. Answers the tables it
 * vacuumed.
 */
export async function ensureVacuumed(db: Db, log: (line: string) => void = () => {}): Promise<string[]> {
  const stale = rowsOf<{ table: string; pages: number; visible: number; analyzed: boolean }>(
    await db.execute(sql`
      select c.relname as "table", c.relpages as pages, c.relallvisible as visible,
             coalesce(s.last_analyze, s.last_autoanalyze) is not null as analyzed
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
      left join pg_stat_user_tables s on s.relid = c.oid
      where c.relkind = 'r'
        and (c.relpages >= 1000 and c.relallvisible < 0.9 * c.relpages
             or (coalesce(s.last_analyze, s.last_autoanalyze) is null and coalesce(s.n_live_tup, 0) >= 1000))
      order by c.relpages desc`),
  );
  for (const table of stale) {
    const started = performance.now();
    await db.execute(sql.raw(`vacuum analyze "${table.table.replaceAll('"', '""')}"`));
    log(
      `vacuum analyze ${table.table}: ${table.visible} of ${table.pages} pages were all-visible${table.analyzed ? '' : ', never analyzed'} (${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
  }
  if (stale.length === 0) log('every table is vacuumed and analyzed');
  return stale.map((t) => t.table);
}
