import { readFileSync } from 'node:fs';
import { loadEnv } from '../src/env';
import { createContext } from '../src/context';
import { openDatabase } from '../src/db/client';
import { runClearing } from '../src/modules/loops/run-clearing';
import { marketWantlists } from '../src/modules/wants/want-records';

/**
 * `DATABASE_URL=… npx tsx server/bench/clearing-run.probe.ts`: one whole clearing run as the hourly
 * `loops.clear` job does it (read the market, clear it on worker threads, write every proposed loop
 * in one transaction), timed, with the process's peak memory. It WRITES the proposed loops: run it
 * on a copy of a loaded database (`createdb -T <loaded> <copy>`).
 */
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('DATABASE_URL must name a copy of a loaded PostgreSQL database (this probe writes loops)');
  process.exit(2);
}
const env = loadEnv({ NODE_ENV: 'production', DATABASE_URL: databaseUrl, SESSION_SECRET: 'x'.repeat(40), LOG_LEVEL: 'silent', SEED_DEMO: '0' });
const database = await openDatabase({ databaseUrl, poolSize: 2 });
const ctx = createContext(env, database);
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
let peak = 0;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 250);
const started = performance.now();
const cpu = process.cpuUsage();
try {
  console.log(`load average at the start: ${load()}`);
  const result = await runClearing(ctx, marketWantlists);
  const used = process.cpuUsage(cpu);
  console.log(
    `one clearing run: ${((performance.now() - started) / 1000).toFixed(1)} s wall, CPU of this process ${((used.user + used.system) / 1e6).toFixed(1)} s (the worker threads included), ` +
      `peak RSS ${(peak / 2 ** 20).toFixed(0)} MB; members ${result.members}, pairs ${result.pairs}, wants ${result.wants}, loops proposed ${result.loopIds.length} (${result.method}); load average at the end ${load()}`,
  );
} finally {
  clearInterval(sampler);
  await database.close();
}
