/**
 * Times one member's matches on the database at DATABASE_URL, reading only:
 * `npx tsx server/bench/matches.probe.ts <user id>... [--runs 3]`. For each member and run it prints
 * GET /api/matches' service (findMyMatches, limit 50) and the read part of recordNewMatches (the
 * market around the member and its 50 best two-way matches, without recording them): wall time,
 * statements, and the size of the market read.
 */
import { parseArgs } from 'node:util';
import { createContext } from '../src/context';
import { openDatabase } from '../src/db/client';
import type { Env } from '../src/env';
import { twoWayMatches } from '../src/modules/loops/clearing/two-way-matches';
import { findMyMatches } from '../src/modules/wants/find-my-matches';
import { loadMarketAround } from '../src/modules/wants/market-around-member';

const { values, positionals } = parseArgs({ options: { runs: { type: 'string', default: '3' } }, allowPositionals: true });

async function main() {
  let statements = 0;
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, logger: { logQuery: () => void statements++ } });
  const ctx = createContext({} as Env, database);
  const timed = async <T>(work: () => Promise<T>) => {
    statements = 0;
    const start = performance.now();
    const result = await work();
    return { result, ms: Math.round(performance.now() - start), statements };
  };
  for (const userId of positionals) {
    for (let run = 1; run <= Number(values.runs); run++) {
      const get = await timed(() => findMyMatches(ctx, { userId, query: { limit: 50 } }));
      const record = await timed(async () => {
        const market = await loadMarketAround(ctx, userId);
        return { market, found: twoWayMatches(market, userId, 50) };
      });
      const { market, found } = record.result;
      console.log(
        `${userId} run ${run}: GET /api/matches ${get.ms} ms (${get.statements} statements, ${get.result.body.twoWay.length} two-way); ` +
          `recordNewMatches read ${record.ms} ms (${record.statements} statements, ${market.listings.length} pairs, ${market.wants.length} wants, ${found.length} matches)`,
      );
    }
  }
  await database.close();
}
void main();
