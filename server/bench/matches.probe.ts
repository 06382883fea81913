/**
 * Times members' matches on the database at DATABASE_URL:
 * `npx tsx server/bench/matches.probe.ts [<user id>...] [--popular] [--runs 200] [--concurrency 1]`.
 * `--popular` adds the member who wants the release most members want and has the most stored
 * matches. For each member it prints, with the load average: GET /api/matches' service
 * (findMyMatches, limit 50, the stored matches; first page and a second page through the cursor)
 * as p50/p99/max over `runs` calls, `concurrency` at a time; then what one change of theirs costs,
 * computing their matches again (refreshMemberMatches, which stores them), and what a request used
 * to cost, computing them on the request (the market around the member and its 50 best matches,
 * at most 50 calls).
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { createContext } from '../src/context';
import { openDatabase } from '../src/db/client';
import { rowsOf } from '../src/db/raw-rows';
import type { Env } from '../src/env';
import { twoWayMatches } from '../src/modules/loops/clearing/two-way-matches';
import { findMyMatches } from '../src/modules/wants/find-my-matches';
import { loadMarketAround } from '../src/modules/wants/market-around-member';
import { refreshMemberMatches } from '../src/modules/wants/refresh-member-matches';

const { values, positionals } = parseArgs({
  options: {
    runs: { type: 'string', default: '200' },
    concurrency: { type: 'string', default: '1' },
    popular: { type: 'boolean', default: false },
  },
  allowPositionals: true,
});
const runs = Number(values.runs);
const concurrency = Number(values.concurrency);
const load = () =>
  `load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

async function main() {
  let statements = 0;
  const database = await openDatabase({
    databaseUrl: process.env.DATABASE_URL,
    poolSize: Math.max(2, concurrency),
    logger: { logQuery: () => void statements++ },
  });
  const ctx = createContext({} as Env, database);
  const members = [...positionals];
  if (values.popular) {
    const [row] = rowsOf<{ user_id: string; release: number; wanted_by: number; matches: number }>(
      await ctx.db.execute(sql`
        with popular as (select catalog_release_id, count(*)::int as wanted_by from wants group by 1 order by 2 desc limit 1)
        select w.user_id, p.catalog_release_id as release, p.wanted_by, (select count(*)::int from member_matches m where m.member_id = w.user_id) as matches
        from wants w join popular p using (catalog_release_id) order by matches desc limit 1`),
    );
    if (row) {
      console.log(
        `most wanted release ${row.release} (${row.wanted_by} wants); member ${row.user_id} wants it and has ${row.matches} stored matches`,
      );
      members.push(row.user_id);
    }
  }
  const timed = async <T>(work: () => Promise<T>) => {
    statements = 0;
    const start = performance.now();
    const result = await work();
    return { result, ms: performance.now() - start, statements };
  };
  for (const userId of members) {
    const first = await findMyMatches(ctx, { userId, query: { limit: 50 } });
    const cursor = first.nextCursor
      ? { score: Number(first.nextCursor.split('_')[0]), receivePairId: Number(first.nextCursor.split('_')[1]) }
      : undefined;
    for (const [label, query] of [
      ['first page', { limit: 50 }],
      ['second page', { limit: 50, cursor }],
    ] as const) {
      if (label === 'second page' && !cursor) continue;
      const times: number[] = [];
      let next = 0;
      const worker = async () => {
        while (next++ < runs) {
          const start = performance.now();
          await findMyMatches(ctx, { userId, query });
          times.push(performance.now() - start);
        }
      };
      await Promise.all(Array.from({ length: concurrency }, worker));
      times.sort((a, b) => a - b);
      const one = await timed(() => findMyMatches(ctx, { userId, query }));
      console.log(
        `${userId} GET /api/matches ${label} (stored, ${one.result.body.twoWay.length} two-way, ${one.statements} statements): ` +
          `p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms ` +
          `over ${runs} calls, ${concurrency} at a time; ${load()}`,
      );
    }
    const refresh = await timed(() => refreshMemberMatches(ctx, { userId }));
    console.log(
      `${userId} one change: computing and storing their matches again ${refresh.ms.toFixed(0)} ms (${refresh.statements} statements, ${refresh.result.found.length} matches); ${load()}`,
    );
    const beforeTimes: number[] = [];
    for (let i = 0; i < Math.min(runs, 50); i++) {
      const start = performance.now();
      twoWayMatches(await loadMarketAround(ctx, userId), userId, 50);
      beforeTimes.push(performance.now() - start);
    }
    beforeTimes.sort((a, b) => a - b);
    console.log(
      `${userId} before (matches computed on the request, without the page's pairs and loops): p50 ${percentile(beforeTimes, 50).toFixed(1)} ms, ` +
        `p99 ${percentile(beforeTimes, 99).toFixed(1)} ms over ${beforeTimes.length} calls; ${load()}`,
    );
  }
  await database.close();
}
void main();
