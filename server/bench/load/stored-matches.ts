import { sql } from 'drizzle-orm';
import { createContext } from '../../src/context';
import { openDatabase, type Database } from '../../src/db/client';
import { rowsOf } from '../../src/db/raw-rows';
import type { Env } from '../../src/env';
import { refreshQueuedMatches } from '../../src/modules/wants/refresh-member-matches';
import type { Progress } from './generate';

/** Members computed per batch: one progress line each. */
const BATCH = 500;

/**
 * Fills the stored two-way matches (member_matches) of a loaded market: the load's COPY queued
 * every member with a pair or a want (migration 0055's triggers), and this empties the queue the
 * way the 'wants.refresh-matches' job does, without waiting for a server to run it. Returns how
 * many members were computed.
 */
export async function fillStoredMatches(databaseUrl: string, progress: Progress): Promise<number> {
  const database = await openDatabase({ databaseUrl, poolSize: 2 });
  try {
    const done = await refreshEveryQueuedMember(database, progress);
    await database.db.execute(sql`vacuum analyze member_matches`);
    return done;
  } finally {
    await database.close();
  }
}

/**
 * Empties the stored matches' queue on an open database (PostgreSQL or the embedded one), as the
 * refresh job would over the next minutes. The benches call it after writing their members
 * straight to the tables: measured while the job works off such a bulk change, the embedded
 * database's one thread also runs the job's statements (live p99 340 ms instead of 40 ms).
 */
export async function refreshEveryQueuedMember(database: Database, progress: Progress): Promise<number> {
  const ctx = createContext({} as Env, database);
  const [count] = rowsOf<{ n: number }>(await ctx.db.execute(sql`select count(*)::int as n from match_refresh_queue`));
  const queued = count?.n ?? 0;
  let done = 0;
  progress('member_matches', 0, queued);
  for (let n = await refreshQueuedMatches(ctx, { limit: BATCH }); n > 0; n = await refreshQueuedMatches(ctx, { limit: BATCH })) {
    done += n;
    progress('member_matches', done, queued);
  }
  return done;
}
