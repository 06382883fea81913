import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { capturedStatements, pgbenchScript } from './ceiling/statement-capture';

/**
 * `npm run bench:ceiling [-- --duration 10 --connections 50 --samples 100 --only browse,search-word --port 5140 --keep-scripts DIR]`:
 * how close each public read comes to the database's own ceiling for the statements it runs
 * (server/bench/README.md "Database ceiling"). Needs DATABASE_URL (a loaded PostgreSQL) and pgbench.
 */
const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    samples: { type: 'string', default: '100' },
    mode: { type: 'string', default: 'simple' },
    only: { type: 'string' },
    port: { type: 'string', default: '5140' },
    // Keep each request's pgbench script (its statements) in this directory, to EXPLAIN them after.
    'keep-scripts': { type: 'string' },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const samples = Number(values.samples);
const only = values.only ? new Set(values.only.split(',')) : null;
const log = (line: string) => console.error(`[bench:ceiling] ${line}`);

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('DATABASE_URL must name a loaded PostgreSQL database (npm run db:load)');
  process.exit(2);
}
if (spawnSync('pgbench', ['--version']).status !== 0) {
  console.error('pgbench is not on the PATH (Debian: apt-get install postgresql-client)');
  process.exit(2);
}

// Every statement a pg connection sends passes here while capturing: installed before the app's
// modules load, so the app's own connection class (db/request-statements.ts) sends through it.
const capture = capturedStatements(pg);
const { openDatabase } = await import('../src/db/client');
const { createContext } = await import('../src/context');
const { buildApp } = await import('../src/app');
const { loadEnv } = await import('../src/env');
const { sampleReadQueries, distinctReadPath } = await import('./api/read-queries');
const { ensureVacuumed } = await import('./vacuum-check');
const { run } = await import('./api/drive');
const { startServer } = await import('./api/server-process');
const { loadAverage } = await import('./api/drive');

interface Route {
  name: string;
  label: string;
  list: URLSearchParams[];
}

const work = mkdtempSync(path.join(tmpdir(), 'soleswap-ceiling-'));
try {
  const database = await openDatabase({ databaseUrl, poolSize: 1 });
  const routes: Array<Route & { scripts: string[]; statements: number }> = [];
  try {
    await ensureVacuumed(database.db, log);
    const reads = await sampleReadQueries(database.db);
    const all: Route[] = [
      { name: 'browse', label: 'browse, first page, narrowed', list: reads.browse },
      { name: 'search-word', label: 'search, one word', list: reads.oneWord },
      { name: 'search-brand', label: 'search, word + brand', list: reads.wordBrand },
      { name: 'search-two', label: 'search, two words', list: reads.twoWords },
      { name: 'search-brand-value', label: 'search, word + brand by value', list: reads.wordBrandValue },
    ];
    // The app in-process, without the response cache (its LISTEN is not a request's statement).
    const env = loadEnv({
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      DATA_DIR: work,
      SESSION_SECRET: randomBytes(36).toString('base64url'),
      APP_ORIGIN: 'http://127.0.0.1',
      LOG_LEVEL: 'silent',
      SEED_DEMO: '0',
      RESPONSE_CACHE_MB: '0',
      WEB_DIST_DIR: path.join(work, 'no-web'),
    });
    const app = await buildApp(createContext(env, database), { logger: false });
    await app.ready();
    try {
      for (const route of all) {
        if (only && !only.has(route.name)) continue;
        const scripts: string[] = [];
        let statements = 0;
        for (let n = 0; n < samples; n++) {
          capture.start();
          const url = distinctReadPath('/api/sneakers/public', route.list, n);
          const response = await app.inject({ method: 'GET', url });
          const taken = capture.stop();
          if (response.statusCode !== 200) throw new Error(`${route.name}: ${url} answered ${response.statusCode} ${response.body.slice(0, 200)}`);
          statements += taken.length;
          const file = path.join(work, `${route.name}-${n}.sql`);
          writeFileSync(file, pgbenchScript(taken));
          scripts.push(file);
        }
        routes.push({ ...route, scripts, statements: statements / samples });
        log(`${route.name}: ${samples} requests captured, ${(statements / samples).toFixed(1)} statements a request`);
      }
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }

  const rows: string[] = [];
  const server = await startServer({
    port: Number(values.port),
    databaseUrl,
    dataDir: work,
    sessionSecret: randomBytes(36).toString('base64url'),
    // No response cache: the app does each request's work, as the database replays each one's
    // statements (the sampled lists are small enough for the cache to answer repeats).
    env: { SEED_DEMO: '0', RESPONSE_CACHE_MB: '0' },
    loopProbePort: Number(values.port) + 1,
  });
  try {
    for (const route of routes) {
      // The app: the same distinct requests (and more of them) at the same concurrency.
      const app = await run(
        server,
        {
          name: route.name,
          label: route.label,
          group: 'public read',
          connections,
          method: 'GET',
          // Exactly the captured requests, over and over (no response cache answers them), as pgbench replays them.
          request: (n) => ({ path: distinctReadPath('/api/sneakers/public', route.list, n % samples) }),
        },
        'real',
        duration,
      );
      // The database alone: each pgbench transaction is one captured request's statements, the
      // requests picked at random.
      const bench = spawnSync(
        'pgbench',
        [
          '-n',
          '-M',
          values.mode!,
          '-c',
          String(connections),
          '-j',
          '2',
          '-T',
          String(duration),
          ...route.scripts.flatMap((f) => ['-f', f]),
          databaseUrl,
        ],
        { encoding: 'utf8' },
      );
      const dbLoad = loadAverage();
      const tps = Number(/tps = ([\d.]+)/.exec(bench.stdout)?.[1] ?? NaN);
      const latency = /latency average = ([\d.]+) ms/.exec(bench.stdout)?.[1] ?? '–';
      const failed = /number of failed transactions: (\d+)/.exec(bench.stdout)?.[1] ?? '0';
      if (bench.status !== 0 || !Number.isFinite(tps)) log(`${route.name}: pgbench failed: ${bench.stderr.slice(0, 600)}`);
      const rps = app.result.requests.average;
      rows.push(
        `| ${route.label} | ${route.statements.toFixed(1)} | ${rps.toFixed(0)} | ${app.result.latency.p99} | ${app.cacheHits} | ${app.loop?.p99 ?? '–'} / ${app.loop?.max ?? '–'} | ${app.load1 ?? '–'} | ${app.cpuMsPerRequest?.toFixed(2) ?? '–'} | ${Number.isFinite(tps) ? tps.toFixed(0) : '–'} | ${latency} | ${failed} | ${dbLoad ?? '–'} | ${Number.isFinite(tps) && tps > 0 ? `${((rps / tps) * 100).toFixed(1)}%` : '–'} |`,
      );
      log(rows[rows.length - 1]!);
    }
  } finally {
    await server.stop();
  }
  console.log(
    `\nDatabase ceiling: ${connections} connections, ${duration} s per run, ${samples} distinct requests replayed per route (pgbench -M ${values.mode}), ${new Date().toISOString()}`,
  );
  console.log(
    '| route | statements a request | app req/s | app p99 ms | app cache hits | app loop p99 / max ms | app load | app CPU ms a request | database req/s | database latency avg ms | failed | database load | app ÷ database |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
} finally {
  if (values['keep-scripts']) cpSync(work, values['keep-scripts'], { recursive: true, filter: (file) => !file.includes('no-web') });
  rmSync(work, { recursive: true, force: true });
}
