import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../src/db/client';
import { capture, run, settle } from './api/drive';
import { prepareTargets, settleStoredMatches, type BenchTargets } from './api/prepare';
import { sampleReadQueries, type ReadQueries } from './api/read-queries';
import { fmt, printReport, type Row } from './api/report';
import { scenarios } from './api/scenarios';
import { watchRss } from './api/rss-watch';
import { startServer, type ServerProcess } from './api/server-process';
import { ensureVacuumed } from './vacuum-check';

/**
 * `npm run bench:api [-- --duration 10 --port 5120 --only search,browse --json out.json]`: the API under
 * load (server/bench/README.md "API benchmark"). With DATABASE_URL, on that (loaded) PostgreSQL;
 * without, on a throw-away embedded database with the demo data.
 */
const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    port: { type: 'string', default: '5120' },
    'read-connections': { type: 'string', default: '50' },
    'member-connections': { type: 'string', default: '10' },
    // Posting's target is a rate (≥ 1,000/s), so it is driven with enough posts in flight to find
    // the server's ceiling; at 10 a post mostly waits for the batch ahead of it.
    'post-connections': { type: 'string', default: '50' },
    only: { type: 'string' },
    // Every read does its work: member reads (a member's trade list is kept per member) measured uncached.
    'no-response-cache': { type: 'boolean', default: false },
    json: { type: 'string' },
    // Writes a V8 heap snapshot of the server here at its RSS peak (the runs' rates then mean nothing).
    'heap-snapshot': { type: 'string' },
  },
});
const duration = Number(values.duration);
const port = Number(values.port);
const readConnections = Number(values['read-connections']);
const memberConnections = Number(values['member-connections']);
const postConnections = Number(values['post-connections']);
const only = values.only ? new Set(values.only.split(',')) : null;
const log = (line: string) => console.error(`[bench:api] ${line}`);

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  const sessionSecret = randomBytes(36).toString('base64url');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'soleswap-bench-api-'));
  const kind = databaseUrl ? 'PostgreSQL' : 'embedded PGlite (demo data)';
  let server: ServerProcess | null = null;
  try {
    if (!databaseUrl) {
      // A first start seeds the demo; it stops so this process can prepare the same data directory.
      log('seeding the demo in a throw-away data directory');
      const seeding = await startServer({ port, dataDir, sessionSecret, env: { SEED_DEMO: '1' } });
      await seeding.stop();
    }
    const database = await openDatabase(databaseUrl ? { databaseUrl, poolSize: 4 } : { pgliteDir: path.join(dataDir, 'pglite') });
    let targets: BenchTargets;
    let reads: ReadQueries;
    try {
      // On the demo, 400 posters (each may send 30 messages a minute: enough for 1,000 posts a second
      // over a 10 s run) with one pair each, so the bench's 400 sneakers stay fewer than the demo's own.
      targets = await prepareTargets(
        database.db,
        sessionSecret,
        log,
        databaseUrl ? undefined : { posters: 1000, sneakersEach: 1, sneakerOwners: 400 },
      );
      await settleStoredMatches(database, log);
      // After the preparation's writes: a table the load or the preparation left unvacuumed is vacuumed now.
      await ensureVacuumed(database.db, log);
      reads = await sampleReadQueries(database.db);
      log(
        `distinct reads: browse ${reads.browse.length}, one word ${reads.oneWord.length}, word + brand ${reads.wordBrand.length}, two words ${reads.twoWords.length}, word + brand by value ${reads.wordBrandValue.length}`,
      );
    } finally {
      await database.close();
    }
    // The event-loop probe answers on the next port, to this process only (bench only, never in npm start).
    server = await startServer({
      port,
      databaseUrl,
      dataDir,
      sessionSecret,
      env: { SEED_DEMO: '0', ...(values['no-response-cache'] ? { RESPONSE_CACHE_MB: '0' } : {}) },
      loopProbePort: port + 1,
      memoryProbePort: port + 2,
    });
    log(`server up (pid ${server.pid}, ${kind}, RSS ${fmt(server.rssMb())} MB); ${duration} s per run`);
    const heapDir = values['heap-snapshot'];
    if (heapDir) mkdirSync(heapDir, { recursive: true });
    const memory = watchRss(server, { heapSnapshotDir: heapDir, log });
    await memory.mark('after start');
    let warm = false;

    const accepted: { tradeId: number; cookie: string }[] = [];
    const rows: Row[] = [];
    for (const scenario of scenarios(targets, reads, accepted, readConnections, memberConnections, postConnections)) {
      if (only && !only.has(scenario.name)) continue;
      if (scenario.name === 'accept' && accepted.length === 0) {
        log('accept: no proposals to accept (run it together with propose)');
        continue;
      }
      const bytes = await capture(server, scenario, log);
      if (!warm) {
        // The first capture is the server's first request: what it holds before any load.
        await memory.mark('after warm-up (first request)');
        warm = true;
      }
      const real = await run(server, scenario, 'real', duration);
      await memory.mark(`after ${scenario.name} (distinct)`);
      await settle(server);
      // The same route repeating one URL: what the response cache gives (its first answers are misses).
      const cached = scenario.cachedPath ? await run(server, scenario, 'cached', duration) : null;
      if (cached) {
        await memory.mark(`after ${scenario.name} (cached)`);
        await settle(server);
      }
      const baseline = await run(server, scenario, 'baseline', duration);
      await memory.mark(`after ${scenario.name} (baseline)`);
      await settle(server);
      const rps = real.result.requests.average;
      const baselineRps = baseline.result.requests.average;
      const row: Row = {
        name: scenario.name,
        label: scenario.label,
        group: scenario.group,
        connections: scenario.connections,
        requests: real.result.requests.total,
        rps,
        p50: real.result.latency.p50,
        p99: real.result.latency.p99,
        non2xx: real.result.non2xx,
        errors: real.result.errors + real.result.timeouts,
        baselineRps,
        baselineP99: baseline.result.latency.p99,
        ratio: baselineRps > 0 ? rps / baselineRps : null,
        rssMb: Math.max(real.rss, baseline.rss),
        bytes,
        loopP99: real.loop?.p99 ?? null,
        loopMax: real.loop?.max ?? null,
        load1: real.load1,
        cacheHits: real.cacheHits,
        cacheMisses: real.cacheMisses,
        cpuMs: real.cpuMsPerRequest,
        cached: cached
          ? {
              rps: cached.result.requests.average,
              p99: cached.result.latency.p99,
              hits: cached.cacheHits,
              misses: cached.cacheMisses,
              loopP99: cached.loop?.p99 ?? null,
              loopMax: cached.loop?.max ?? null,
              load1: cached.load1,
            }
          : null,
      };
      rows.push(row);
      log(
        `${scenario.name}: ${fmt(rps)} req/s (cache hits ${row.cacheHits} of ${row.cacheHits + row.cacheMisses}), p50 ${row.p50} ms, p99 ${row.p99} ms, non-2xx ${row.non2xx}, baseline ${fmt(baselineRps)} req/s (${fmt((row.ratio ?? 0) * 100)}%, p99 ${row.baselineP99} ms), RSS ${fmt(row.rssMb)} MB, event loop p99 ${row.loopP99 ?? '–'} ms max ${row.loopMax ?? '–'} ms, CPU ${fmt(row.cpuMs, 2)} ms a request, load ${row.load1 ?? '–'}${cached ? `; cached: ${fmt(cached.result.requests.average)} req/s, p99 ${cached.result.latency.p99} ms, hits ${cached.cacheHits} of ${cached.cacheHits + cached.cacheMisses}, loop p99 ${cached.loop?.p99 ?? '–'} ms max ${cached.loop?.max ?? '–'} ms, load ${cached.load1 ?? '–'}` : ''}`,
      );
    }

    await memory.mark('after');
    await memory.finish();
    const peak = printReport({ kind, duration, rows });
    memory.print();
    if (values.json)
      writeFileSync(values.json, `${JSON.stringify({ kind, duration, date: new Date().toISOString(), rows, rssPeakMb: peak }, null, 2)}\n`);
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
