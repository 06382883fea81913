import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { capturedStatements } from './ceiling/statement-capture';

/**
 * `npm run bench:ceiling [-- --duration 10 --connections 50 --samples 100 --mode simple --only browse,trades
 *   --rate-of-ceiling 0.5 | --rate 300 --heap-snapshot DIR --port 5140 --keep-scripts DIR]`:
 * how close each public and member read comes to the database's own ceiling for the statements it
 * runs, what each read costs the server and PostgreSQL in CPU, and (with a rate) its latency at a
 * fixed offered rate (server/bench/README.md "Database ceiling"). Needs DATABASE_URL (a loaded
 * PostgreSQL on this machine, for its backends' CPU) and pgbench.
 */
const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    samples: { type: 'string', default: '100' },
    mode: { type: 'string', default: 'simple' },
    only: { type: 'string' },
    port: { type: 'string', default: '5140' },
    // After each read's two runs, the app again at this many requests a second (open loop, latency from each due time)...
    rate: { type: 'string' },
    // ...or at this share of the database's own rate for the read (issue #44: p99 at half the ceiling).
    'rate-of-ceiling': { type: 'string' },
    // Writes a V8 heap snapshot of the server here at its RSS peak (the runs' rates then mean nothing).
    'heap-snapshot': { type: 'string' },
    // Keep each request's pgbench script (its statements) in this directory, to EXPLAIN them after.
    'keep-scripts': { type: 'string' },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const samples = Number(values.samples);
const only = values.only ? new Set(values.only.split(',')) : null;
const fixedRate = values.rate ? Number(values.rate) : null;
const rateOfCeiling = values['rate-of-ceiling'] ? Number(values['rate-of-ceiling']) : null;
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
const { run, loadAverage, settle } = await import('./api/drive');
const { startServer } = await import('./api/server-process');
const { drivePaced } = await import('./api/paced-drive');
const { watchRss } = await import('./api/rss-watch');
const { memberReadRoutes } = await import('./ceiling/member-reads');
const { captureRoute } = await import('./ceiling/capture-requests');
const { replayWithPgbench } = await import('./ceiling/pgbench-replay');
const { watchBackendCpu } = await import('./ceiling/backend-cpu');
const { CEILING_HEADER, ceilingLine } = await import('./ceiling/ceiling-table');
type CeilingRoute = import('./ceiling/member-reads').CeilingRoute;
type CeilingRow = import('./ceiling/ceiling-table').CeilingRow;

const PUBLIC = new Set(['browse', 'search-word', 'search-brand', 'search-two', 'search-brand-value']);
// One secret for the in-process app that captures and the server that answers: the members' session cookies are signed with it.
const sessionSecret = randomBytes(36).toString('base64url');
const work = mkdtempSync(path.join(tmpdir(), 'soleswap-ceiling-'));
try {
  const database = await openDatabase({ databaseUrl, poolSize: 1 });
  const routes: Array<CeilingRoute & { scripts: string[]; statements: number }> = [];
  try {
    await ensureVacuumed(database.db, log);
    const reads = await sampleReadQueries(database.db);
    const publicList = (name: string, label: string, list: URLSearchParams[]): CeilingRoute => ({
      name,
      label,
      requests: Array.from({ length: samples }, (_, n) => ({ path: distinctReadPath('/api/sneakers/public', list, n) })),
      warm: false,
    });
    const wanted = (name: string) => !only || only.has(name);
    const all: CeilingRoute[] = [
      publicList('browse', 'browse, first page, narrowed', reads.browse),
      publicList('search-word', 'search, one word', reads.oneWord),
      publicList('search-brand', 'search, word + brand', reads.wordBrand),
      publicList('search-two', 'search, two words', reads.twoWords),
      publicList('search-brand-value', 'search, word + brand by value', reads.wordBrandValue),
      ...(['locker', 'trades', 'messages', 'notifications', 'portfolio'].some(wanted)
        ? await memberReadRoutes(database.db, sessionSecret, samples)
        : []),
    ].filter((route) => wanted(route.name));
    // The app in-process, without the response cache (its LISTEN is not a request's statement).
    const env = loadEnv({
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      DATA_DIR: work,
      SESSION_SECRET: sessionSecret,
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
        const taken = await captureRoute(app, capture, route, { samples, dir: work });
        routes.push({ ...route, requests: route.requests.slice(0, taken.requests), scripts: taken.scripts, statements: taken.statements });
        log(
          `${route.name}: ${taken.requests} requests captured, ${taken.statements.toFixed(1)} statements a request${taken.withoutStatements ? `, ${taken.withoutStatements} answered without a statement (not replayed)` : ''}`,
        );
      }
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }

  const rows: CeilingRow[] = [];
  const port = Number(values.port);
  const server = await startServer({
    port,
    databaseUrl,
    dataDir: work,
    sessionSecret,
    // No response cache: the app does each request's work, as the database replays each one's
    // statements (the sampled lists are small enough for the cache to answer repeats).
    env: { SEED_DEMO: '0', RESPONSE_CACHE_MB: '0', LOG_LEVEL: 'error' },
    loopProbePort: port + 1,
    memoryProbePort: port + 2,
  });
  const heapDir = values['heap-snapshot'];
  if (heapDir) mkdirSync(heapDir, { recursive: true });
  const rss = watchRss(server, { heapSnapshotDir: heapDir, log });
  try {
    await rss.mark('after start');
    // Warm-up: every captured request once, so the server's per-member state (sessions, memos) is
    // what the in-process capture saw when it recorded.
    for (const route of routes)
      for (const { path: url, cookie } of route.requests)
        await (await fetch(`${server.origin}${url}`, { headers: cookie ? { cookie } : {} })).arrayBuffer();
    await rss.mark('after warm-up');
    for (const route of routes) {
      const request = (n: number) => route.requests[n % route.requests.length]!;
      // The app: exactly the captured requests, over and over (no response cache answers them), as pgbench replays them.
      const appCpu = await watchBackendCpu(databaseUrl);
      const app = await run(
        server,
        {
          name: route.name,
          label: route.label,
          group: PUBLIC.has(route.name) ? 'public read' : 'member read',
          connections,
          method: 'GET',
          request,
        },
        'real',
        duration,
      );
      const appDatabaseCpu = await appCpu.stop();
      // A member read answered 401 would measure the sign-in check, not the read.
      if (app.result.non2xx > 0) log(`${route.name}: ${app.result.non2xx} of the app's answers were not 2xx: its rate is not the read's`);
      await rss.mark(`after ${route.name} (app at ${connections} connections)`);
      // The database alone: each pgbench transaction is one captured request's statements, picked at random.
      const bench = route.scripts.length
        ? await replayWithPgbench(databaseUrl, { scripts: route.scripts, mode: values.mode!, connections, duration })
        : null;
      if (bench?.error) log(`${route.name}: pgbench failed: ${bench.error}`);
      // The app again at a fixed offered rate, paced open-loop (p99 at half the ceiling, issue #44).
      const rate = fixedRate ?? (rateOfCeiling !== null && bench?.tps ? rateOfCeiling * bench.tps : null);
      let paced: CeilingRow['paced'] = null;
      if (rate !== null && rate > 0) {
        const result = await drivePaced(server.origin, { rate, durationS: duration, request });
        paced = {
          rate,
          p50: result.p50,
          p99: result.p99,
          max: result.max,
          failed: result.failed,
          unanswered: result.unanswered,
          sendLagP99: result.sendLagP99,
          load: loadAverage(),
        };
        log(
          `${route.name}: paced at ${rate.toFixed(0)} req/s: ${result.sent} sent, ${result.failed} failed, sender's own lag p99 ${result.sendLagP99.toFixed(1)} ms`,
        );
        await rss.mark(`after ${route.name} (paced at ${rate.toFixed(0)} req/s)`);
        // A rate beyond the app's leaves a queue: the next read's runs start once it is worked off.
        await settle(server);
      }
      const row: CeilingRow = {
        label: route.label,
        group: PUBLIC.has(route.name) ? 'public read' : 'member read',
        statements: route.statements,
        app: {
          rps: app.result.requests.average,
          p99: app.result.latency.p99,
          requests: app.result.requests.total,
          cacheHits: app.cacheHits,
          loopP99: app.loop?.p99 ?? null,
          loopMax: app.loop?.max ?? null,
          load: app.load1,
          serverCpuMs: app.cpuMsPerRequest === null ? null : app.cpuMsPerRequest * app.result.requests.total,
          databaseCpuMs: appDatabaseCpu,
        },
        database: {
          tps: bench?.tps ?? null,
          latencyMs: bench?.latencyMs ?? '–',
          transactions: bench?.transactions ?? null,
          failed: bench?.failed ?? '–',
          load: bench?.load ?? null,
          databaseCpuMs: bench?.databaseCpuMs ?? null,
        },
        paced,
      };
      rows.push(row);
      log(ceilingLine(row));
    }
    await rss.mark('after');
    await rss.finish();
  } finally {
    await server.stop();
  }
  console.log(
    `\nDatabase ceiling: ${connections} connections, ${duration} s per run, up to ${samples} distinct requests replayed per read (pgbench -M ${values.mode}), load average ${loadAverage() ?? '–'} now, ${new Date().toISOString()}`,
  );
  console.log(
    'CPU: the server process from /proc/<pid>/stat; PostgreSQL as the sum over the client backends of this database (pg_stat_activity) of /proc/<pid>/stat, during the app run and during pgbench. Paced: latency from each request’s due time (open loop).',
  );
  for (const line of CEILING_HEADER) console.log(line);
  for (const row of rows) console.log(ceilingLine(row));
  rss.print();
} finally {
  if (values['keep-scripts']) cpSync(work, values['keep-scripts'], { recursive: true, filter: (file) => !file.includes('no-web') });
  rmSync(work, { recursive: true, force: true });
}
