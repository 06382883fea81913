import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { openDatabase } from '../src/db/client';
import { prepareTargets, type BenchTargets } from './api/prepare';
import { fmt, printReport, type Row, type ScenarioGroup } from './api/report';
import { startServer, type LoopDelay, type ServerProcess } from './api/server-process';
import { distinctShapePath, searchShapes } from './search-shapes';

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
    json: { type: 'string' },
  },
});
const duration = Number(values.duration);
const port = Number(values.port);
const readConnections = Number(values['read-connections']);
const memberConnections = Number(values['member-connections']);
const postConnections = Number(values['post-connections']);
const only = values.only ? new Set(values.only.split(',')) : null;
const log = (line: string) => console.error(`[bench:api] ${line}`);

interface Scenario {
  name: string;
  label: string;
  /** Public reads must reach 40% of the baseline's req/s, member reads 10%. */
  group: ScenarioGroup;
  connections: number;
  method: 'GET' | 'POST';
  /** The request for the n-th call (cookie, path, body), rotating over members and rows. */
  request: (n: number) => { path: string; cookie?: string; body?: unknown };
  /** At most this many requests (accepting: each proposal once). */
  amount?: () => number;
  /** Writes answer 201/200; the proposal ids are kept for accepting. */
  onResponse?: (status: number, body: string) => void;
}

function scenarios(t: BenchTargets, accepted: { tradeId: number; cookie: string }[]): Scenario[] {
  const proposeIndex = { n: 0 };
  const shapes = searchShapes();
  const fuzzy = [...shapes.typo, ...shapes.abbreviation, ...shapes.alias];
  const proposedByBody = new Map<number, string>();
  return [
    {
      name: 'browse',
      label: 'browse, first page (visitor)',
      group: 'public read',
      connections: readConnections,
      method: 'GET',
      request: () => ({ path: '/api/sneakers/public' }),
    },
    {
      name: 'search-word',
      label: 'search "jordan"',
      group: 'public read',
      connections: readConnections,
      method: 'GET',
      request: () => ({ path: '/api/sneakers/public?q=jordan' }),
    },
    {
      name: 'search-brand',
      label: 'search "retro" + brand Jordan',
      group: 'public read',
      connections: readConnections,
      method: 'GET',
      request: () => ({ path: '/api/sneakers/public?q=retro&brand=Jordan' }),
    },
    {
      name: 'search-two',
      label: 'search "white low"',
      group: 'public read',
      connections: readConnections,
      method: 'GET',
      request: () => ({ path: '/api/sneakers/public?q=white%20low' }),
    },
    // Collector queries (search-shapes.ts), a distinct URL every request: no response cache answers them.
    ...(['typo', 'abbreviation', 'alias', 'style code', 'size'] as const).map((shape): Scenario => ({
      name: `search-${shape.replace(' ', '-')}`,
      label: `search, ${shape} (distinct)`,
      group: 'public read',
      connections: readConnections,
      method: 'GET',
      request: (n) => ({ path: distinctShapePath(shapes[shape], n) }),
    })),
    {
      name: 'library-fuzzy',
      label: 'library, typos and aliases (distinct)',
      group: 'public read',
      connections: readConnections,
      method: 'GET',
      request: (n) => ({ path: distinctShapePath(fuzzy, n, true) }),
    },
    {
      name: 'library',
      label: 'library (catalogue)',
      group: 'public read',
      connections: readConnections,
      method: 'GET',
      request: () => ({ path: '/api/catalog' }),
    },
    {
      name: 'locker',
      label: `member's locker (${t.collector.sneakers} sneakers)`,
      group: 'public read',
      connections: memberConnections,
      method: 'GET',
      request: () => ({ path: `/api/sneakers/user/${t.collector.id}` }),
    },
    {
      name: 'trades',
      label: `trade list (${t.trader.trades} trades)`,
      group: 'member read',
      connections: memberConnections,
      method: 'GET',
      request: () => ({ path: '/api/trades', cookie: t.trader.cookie }),
    },
    {
      name: 'messages',
      label: `one trade's messages (${t.chatTrade.messages})`,
      group: 'member read',
      connections: memberConnections,
      method: 'GET',
      request: () => ({ path: `/api/trades/${t.chatTrade.id}/messages`, cookie: t.trader.cookie }),
    },
    {
      name: 'notifications',
      label: 'notifications list',
      group: 'member read',
      connections: memberConnections,
      method: 'GET',
      request: () => ({ path: '/api/notifications', cookie: t.trader.cookie }),
    },
    {
      name: 'portfolio',
      label: `portfolio analytics (${t.collector.sneakers} sneakers)`,
      group: 'member read',
      connections: memberConnections,
      method: 'GET',
      request: () => ({ path: '/api/analytics/portfolio', cookie: t.collector.cookie }),
    },
    {
      name: 'post-message',
      label: 'post a message',
      group: 'write',
      connections: postConnections,
      method: 'POST',
      request: (n) => {
        const poster = t.posters[n % t.posters.length]!;
        return {
          path: `/api/conversations/${poster.conversationId}/messages`,
          cookie: poster.cookie,
          body: { content: `Bench message ${n}: still available?` },
        };
      },
    },
    {
      name: 'propose',
      label: 'propose a trade',
      group: 'write',
      connections: memberConnections,
      method: 'POST',
      request: () => {
        const i = proposeIndex.n++;
        const p = t.proposals[i % t.proposals.length]!;
        proposedByBody.set(p.proposerSneakerId, p.receiverCookie);
        return {
          path: '/api/trades',
          cookie: p.cookie,
          body: { receiverId: p.receiverId, proposerSneakerIds: [p.proposerSneakerId], receiverSneakerIds: [p.receiverSneakerId] },
        };
      },
      onResponse: (status, body) => {
        if (status !== 201) return;
        const trade = JSON.parse(body) as { id: number; proposerSneakerIds: number[] };
        const cookie = proposedByBody.get(trade.proposerSneakerIds[0]!);
        if (cookie) accepted.push({ tradeId: trade.id, cookie });
      },
    },
    {
      name: 'accept',
      label: 'accept a trade (locks escrow)',
      group: 'write',
      connections: memberConnections,
      method: 'POST',
      amount: () => accepted.length,
      request: (n) => {
        const a = n < 0 ? accepted.pop() : accepted[n % Math.max(1, accepted.length)];
        return a ? { path: `/api/trades/${a.tradeId}/accept`, cookie: a.cookie } : { path: '/api/trades/0/accept' };
      },
    },
  ];
}

function headersFor(origin: string, cookie: string | undefined, hasBody: boolean, method: string): Record<string, string> {
  return {
    ...(cookie ? { cookie } : {}),
    ...(hasBody ? { 'content-type': 'application/json' } : {}),
    ...(method === 'POST' ? { origin, 'idempotency-key': randomUUID() } : {}),
  };
}

/** The 1-minute load average (Linux), or null. */
function loadAverage(): number | null {
  try {
    return Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
  } catch {
    return null;
  }
}

async function run(server: ServerProcess, scenario: Scenario, target: 'real' | 'baseline') {
  let n = 0;
  let rss = 0;
  await server.resetLoopDelay();
  const sampler = setInterval(() => {
    rss = Math.max(rss, server.rssMb() ?? 0);
  }, 250);
  const result = await autocannon({
    url: server.origin,
    connections: scenario.connections,
    duration,
    ...(scenario.amount && target === 'real' ? { amount: scenario.amount() } : {}),
    requests: [
      {
        method: scenario.method,
        setupRequest: (request) => {
          const call = scenario.request(n++);
          const body = call.body === undefined ? undefined : JSON.stringify(call.body);
          return {
            ...request,
            method: scenario.method,
            path: target === 'real' ? call.path : `/api/bench/baseline/${scenario.name}`,
            // The baseline answers without a session: the framework's own ceiling.
            headers: headersFor(server.origin, target === 'real' ? call.cookie : undefined, body !== undefined, scenario.method),
            ...(body !== undefined ? { body } : {}),
          };
        },
        ...(target === 'real' && scenario.onResponse ? { onResponse: (status: number, body: string) => scenario.onResponse!(status, body) } : {}),
      },
    ],
  });
  clearInterval(sampler);
  rss = Math.max(rss, server.rssMb() ?? 0);
  const loop: LoopDelay | null = await server.loopDelay();
  return { result, rss, loop, load1: loadAverage() };
}

/** Waits until the server has worked off the requests still queued from a run (PGlite shares its thread). */
async function settle(server: ServerProcess) {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    const started = performance.now();
    await fetch(`${server.origin}/api/health`).catch(() => undefined);
    if (performance.now() - started < 100) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** One real response, kept by the baseline route so it answers the same bytes. */
async function capture(server: ServerProcess, scenario: Scenario): Promise<number> {
  // The capture for accepting takes the last proposal; the run starts from the first.
  const call = scenario.request(scenario.name === 'accept' ? -1 : 0);
  const body = call.body === undefined ? undefined : JSON.stringify(call.body);
  const response = await fetch(`${server.origin}${call.path}`, {
    method: scenario.method,
    headers: headersFor(server.origin, call.cookie, body !== undefined, scenario.method),
    body,
  });
  const text = await response.text();
  if (!response.ok) log(`${scenario.name}: the real route answered ${response.status} ${text.slice(0, 200)}`);
  scenario.onResponse?.(response.status, text);
  await fetch(`${server.origin}/api/bench/baseline/${scenario.name}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', origin: server.origin },
    body: JSON.stringify({ contentType: response.headers.get('content-type') ?? 'application/json', body: text }),
  });
  return Buffer.byteLength(text);
}

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
    try {
      // On the demo, 400 posters (each may send 30 messages a minute: enough for 1,000 posts a second
      // over a 10 s run) with one pair each, so the bench's 400 sneakers stay fewer than the demo's own.
      targets = await prepareTargets(
        database.db,
        sessionSecret,
        log,
        databaseUrl ? undefined : { posters: 1000, sneakersEach: 1, sneakerOwners: 400 },
      );
    } finally {
      await database.close();
    }
    // The event-loop probe answers on the next port, to this process only (bench only, never in npm start).
    server = await startServer({ port, databaseUrl, dataDir, sessionSecret, env: { SEED_DEMO: '0' }, loopProbePort: port + 1 });
    log(`server up (pid ${server.pid}, ${kind}, RSS ${fmt(server.rssMb())} MB); ${duration} s per run`);

    const accepted: { tradeId: number; cookie: string }[] = [];
    const rows: Row[] = [];
    for (const scenario of scenarios(targets, accepted)) {
      if (only && !only.has(scenario.name)) continue;
      if (scenario.name === 'accept' && accepted.length === 0) {
        log('accept: no proposals to accept (run it together with propose)');
        continue;
      }
      const bytes = await capture(server, scenario);
      const real = await run(server, scenario, 'real');
      await settle(server);
      const baseline = await run(server, scenario, 'baseline');
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
      };
      rows.push(row);
      log(
        `${scenario.name}: ${fmt(rps)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, non-2xx ${row.non2xx}, baseline ${fmt(baselineRps)} req/s (${fmt((row.ratio ?? 0) * 100)}%, p99 ${row.baselineP99} ms), RSS ${fmt(row.rssMb)} MB, event loop p99 ${row.loopP99 ?? '–'} ms max ${row.loopMax ?? '–'} ms, load ${row.load1 ?? '–'}`,
      );
    }

    const peak = printReport({ kind, duration, rows });
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
