import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../src/db/client';
import { rowsOf } from '../src/db/raw-rows';
import { headersFor, loadAverage, processCpuMs } from './api/drive';
import { percentile } from './api/open-loop';
import { settleStoredMatches } from './api/prepare';
import { watchRss } from './api/rss-watch';
import { startServer } from './api/server-process';
import { watchBackendCpu } from './ceiling/backend-cpu';
import { seedWanters, type FanoutMarket } from './fanout/seed-wanters';
import { startPushStub } from './fanout/push-stub';
import { ensureVacuumed } from './vacuum-check';

/**
 * `DATABASE_URL=… npm run bench:fanout [-- --wants 10000 --timeout 300 --port 5150 --heap-snapshot DIR]`:
 * one listing that fits `--wants` members' wants, each member with a Web Push subscription on the
 * bench's own push service (server/bench/README.md "Fan-out"). Prints how long the listing request
 * took (beside a listing nobody here wants), how long until every want alert was stored and every
 * push delivered, how the server answered other requests meanwhile, and the load average.
 */
const { values } = parseArgs({
  options: {
    wants: { type: 'string', default: '10000' },
    timeout: { type: 'string', default: '300' },
    port: { type: 'string', default: '5150' },
    'heap-snapshot': { type: 'string' },
  },
});
const wanters = Number(values.wants);
const port = Number(values.port);
const timeoutMs = Number(values.timeout) * 1000;
const log = (line: string) => console.error(`[bench:fanout] ${line}`);
const ms = (n: number | null) => (n === null ? '–' : n.toFixed(0));

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('DATABASE_URL must name a loaded PostgreSQL database (npm run db:load)');
  process.exit(2);
}

const sessionSecret = randomBytes(36).toString('base64url');
const dataDir = mkdtempSync(path.join(tmpdir(), 'soleswap-fanout-'));
const stub = await startPushStub(port + 3);
try {
  const database = await openDatabase({ databaseUrl, poolSize: 4 });
  let market: FanoutMarket;
  let control: { id: number; name: string; brand: string; model: string; size: string };
  try {
    market = await seedWanters(database.db, { wanters, pushOrigin: stub.origin, secret: sessionSecret });
    [control] = rowsOf<typeof control>(
      await database.db.execute(sql`
        select r.id, r.name, r.brand, r.model, r.sizes[1] as size from catalog_releases r
        where r.id <> ${market.release.id} order by (select count(*) from wants w where w.catalog_release_id = r.id), r.id limit 1`),
    ) as [typeof control];
    log(`${market.wanters} members want ${market.release.name} in US ${market.release.size}, each with a push subscription at ${stub.origin}`);
    await settleStoredMatches(database, log);
    await ensureVacuumed(database.db, log);
  } finally {
    await database.close();
  }

  const server = await startServer({
    port,
    databaseUrl,
    dataDir,
    sessionSecret,
    env: { SEED_DEMO: '0', LOG_LEVEL: 'error' },
    loopProbePort: port + 1,
    memoryProbePort: port + 2,
  });
  const heapDir = values['heap-snapshot'];
  if (heapDir) mkdirSync(heapDir, { recursive: true });
  const rss = watchRss(server, { heapSnapshotDir: heapDir, log });
  const observer = new pg.Client({ connectionString: databaseUrl, application_name: 'bench-fanout-observer' });
  await observer.connect();
  try {
    await rss.mark('after start');
    const list = async (release: { id: number; name: string; brand: string; model: string; size: string }) => {
      const body = JSON.stringify({
        name: `${release.name} (bench fan-out)`,
        brand: release.brand,
        model: release.model,
        catalogReleaseId: release.id,
        size: release.size,
        condition: '9.5',
        estimatedValue: 250,
      });
      const started = performance.now();
      const response = await fetch(`${server.origin}/api/sneakers`, {
        method: 'POST',
        headers: headersFor(server.origin, market.lister.cookie, true, 'POST'),
        body,
      });
      const text = await response.text();
      const tookMs = performance.now() - started;
      if (response.status !== 201) throw new Error(`listing answered ${response.status}: ${text.slice(0, 300)}`);
      return { id: (JSON.parse(text) as { id: number }).id, started, tookMs, load: loadAverage() };
    };
    // Warm-up, and the control: the same request for a release (almost) nobody wants.
    for (let i = 0; i < 20; i++)
      await (await fetch(`${server.origin}/api/notifications`, { headers: { cookie: market.lister.cookie } })).arrayBuffer();
    const controlListing = await list(control);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await rss.mark('after warm-up');

    stub.reset();
    await server.resetLoopDelay();
    const health: number[] = [];
    let sampling = true;
    const healthSampler = (async () => {
      while (sampling) {
        const t = performance.now();
        await (await fetch(`${server.origin}/api/health`)).arrayBuffer().catch(() => undefined);
        health.push(performance.now() - t);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const databaseCpu = await watchBackendCpu(databaseUrl);
    const serverCpuBefore = processCpuMs(server.pid);
    const listing = await list(market.release);
    let stored = 0;
    let storedAll = 0;
    let firstStoredAt: number | null = null;
    let allStoredAt: number | null = null;
    let storedLoad: number | null = null;
    let deliveredLoad: number | null = null;
    const deadline = listing.started + timeoutMs;
    while (performance.now() < deadline) {
      // The bench's wanters only: the load's own members who want the release are alerted too, without a push subscription.
      const { rows } = await observer.query<{ n: number; total: number }>(
        `select count(*) filter (where u.email like 'bench-fanout-%@bench.soleswap.test')::int as n, count(*)::int as total
         from notifications n join users u on u.id = n.user_id
         where n.kind = 'want.alert' and n.payload->>'sneakerId' = $1`,
        [String(listing.id)],
      );
      stored = rows[0]!.n;
      storedAll = rows[0]!.total;
      const now = performance.now();
      if (stored > 0 && firstStoredAt === null) firstStoredAt = now;
      if (stored >= market.wanters && allStoredAt === null) {
        allStoredAt = now;
        storedLoad = loadAverage();
      }
      if (stub.received >= market.wanters && deliveredLoad === null) deliveredLoad = loadAverage();
      if (allStoredAt !== null && stub.received >= market.wanters) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const serverCpuMs = (processCpuMs(server.pid) ?? NaN) - (serverCpuBefore ?? NaN);
    const databaseCpuMs = await databaseCpu.stop();
    sampling = false;
    await healthSampler;
    const loop = await server.loopDelay();
    await rss.mark('after the fan-out (peak: during it)');
    await new Promise((resolve) => setTimeout(resolve, 5000));
    await rss.mark('after, 5 s later');

    const since = (t: number | null) => (t === null ? null : t - listing.started);
    const lastPush = stub.arrivalOf(market.wanters);
    health.sort((a, b) => a - b);
    console.log(`\nFan-out: one listing fitting ${market.wanters} wants, each wanter with one push subscription, ${new Date().toISOString()}`);
    console.log('| figure | value | load average |');
    console.log('|---|---|---|');
    console.log(`| listing request (POST /api/sneakers), fitting ${market.wanters} wants | ${ms(listing.tookMs)} ms | ${listing.load ?? '–'} |`);
    console.log(`| the same request for a release nobody here wants (control) | ${ms(controlListing.tookMs)} ms | ${controlListing.load ?? '–'} |`);
    console.log(
      `| want alerts stored (bell, with their push and e-mail jobs queued) | ${stored} of the bench's ${market.wanters} wanters (${storedAll} want alerts in all): first ${ms(since(firstStoredAt))} ms, all ${allStoredAt === null ? 'not within the timeout' : `${ms(since(allStoredAt))} ms`} after the request was sent | ${storedLoad ?? loadAverage() ?? '–'} |`,
    );
    console.log(
      `| pushes delivered to the push service | ${stub.received} (${stub.distinct} subscriptions): first ${ms(since(stub.arrivalOf(1)))} ms, all ${lastPush === null ? 'not within the timeout' : `${ms(since(lastPush))} ms`} after the request was sent | ${deliveredLoad ?? loadAverage() ?? '–'} |`,
    );
    console.log(
      `| GET /api/health meanwhile (every 50 ms, ${health.length} requests) | p50 ${ms(percentile(health, 50))} ms, p99 ${ms(percentile(health, 99))} ms, max ${ms(health.at(-1) ?? null)} ms | |`,
    );
    console.log(`| server event loop during the fan-out | p99 ${loop?.p99 ?? '–'} ms, max ${loop?.max ?? '–'} ms | |`);
    console.log(
      `| CPU for the whole fan-out | server ${ms(serverCpuMs)} ms, PostgreSQL ${ms(databaseCpuMs)} ms (client backends of this database, /proc) | |`,
    );
    await rss.finish();
    rss.print();
    if (allStoredAt === null || lastPush === null) process.exitCode = 1;
  } finally {
    await observer.end();
    await server.stop();
  }
} finally {
  await stub.close();
  rmSync(dataDir, { recursive: true, force: true });
}
