/**
 * Probe: single-request timings of the member reads (a trade page of 20, the notifications, the
 * 30-day portfolio), calling the use cases directly on a PostgreSQL database, so nothing is
 * written (no session is needed). Prints the statements each runs, without the session's, which
 * every signed-in request adds; SQL=1 prints them, DUMP=prefix writes each answer to a file.
 *   DATABASE_URL=postgres://…/soleswap_load npx tsx server/bench/member-reads.probe.ts [runs]
 * The members default to the load fixtures' collector and trader (COLLECTOR=, TRADER= to change).
 */
import { performance } from 'node:perf_hooks';
import type { Logger } from 'drizzle-orm/logger';
import { openDatabase } from '../src/db/client';
import { createContext } from '../src/context';
import type { Env } from '../src/env';
import { findMyTrades } from '../src/modules/trades/find-my-trades';
import { findNotifications } from '../src/modules/notifications/find-notifications';
import { getPortfolioAnalytics, loadPortfolio } from '../src/modules/analytics/portfolio/get-portfolio-analytics';

const COLLECTOR = process.env.COLLECTOR ?? '00000000-0000-4000-8000-000000000001';
const TRADER = process.env.TRADER ?? '00000000-0000-4000-8000-000000000002';
const runs = Number(process.argv[2] ?? 50);

class Log implements Logger {
  entries: string[] = [];
  on = false;
  logQuery(sql: string, params: unknown[]): void {
    if (this.on) this.entries.push(`${sql}  -- ${JSON.stringify(params).slice(0, 300)}`);
  }
}
const log = new Log();
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, logger: log, poolSize: 10 });
const ctx = createContext({} as Env, database);

const reads: Array<[string, () => Promise<unknown>]> = [
  ['trades', () => findMyTrades(ctx, { viewer: { id: TRADER, isAdmin: false }, query: { limit: 20 } as never })],
  ['notifications', () => findNotifications(ctx, { userId: TRADER, query: { limit: 20 } as never })],
  ['portfolio', () => getPortfolioAnalytics(ctx, { userId: COLLECTOR, period: '30d' })],
  // What a read costs when the figures are computed (the first after a change): the CSV export's path.
  ['portfolio-computed', async () => (await loadPortfolio(ctx, { userId: COLLECTOR, period: '30d' })).analytics],
];
const only = process.env.ONLY?.split(',');
for (const [name, read] of reads) {
  if (only && !only.includes(name)) continue;
  log.entries = [];
  log.on = true;
  const first = await read();
  log.on = false;
  const body = JSON.stringify(first);
  const statements = log.entries;
  // A repeated read (the portfolio answers it from its memo): how many statements then.
  log.entries = [];
  log.on = true;
  await read();
  log.on = false;
  const repeated = log.entries.length;
  for (let i = 0; i < 5; i++) await read();
  const ms: number[] = [];
  const json: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const answer = await read();
    const t1 = performance.now();
    JSON.stringify(answer);
    json.push(performance.now() - t1);
    ms.push(t1 - t0);
  }
  ms.sort((a, b) => a - b);
  json.sort((a, b) => a - b);
  const q = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(p * xs.length))]!.toFixed(2);
  console.log(
    `${name}: ${statements.length} statements (repeated: ${repeated}), median ${q(ms, 0.5)} ms (p10 ${q(ms, 0.1)}, p90 ${q(ms, 0.9)}), JSON ${q(json, 0.5)} ms, ${body.length} bytes`,
  );
  if (process.env.SQL) for (const s of statements) console.log(`  ${s}`);
  if (process.env.DUMP) (await import('node:fs')).writeFileSync(`${process.env.DUMP}.${name}.json`, body);
}
await database.close();
