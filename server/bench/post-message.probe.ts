/**
 * Posting a message, one at a time: `npx tsx server/bench/post-message.probe.ts [posts]`.
 * On PGlite in a fresh data directory, or on a fresh PostgreSQL database beside the one DATABASE_URL names
 * (created and dropped here). Twenty members each post into their own conversation, in turn,
 * with a fresh Idempotency-Key (as `bench:api` does), through the whole app (`app.inject`).
 * Prints the statements each post runs (before its answer and after it: the notification),
 * the PostgreSQL round trips (BEGIN and COMMIT included) and the median and p90 time of a post,
 * its notification work awaited separately, and this process's CPU time per post (on PGlite the
 * database's too). Not a throughput benchmark: one post at a time.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/app';
import { createContext } from '../src/context';
import { openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { loadEnv } from '../src/env';

const POSTS = Number(process.argv[2] ?? 200);
/** PROBE_CONCURRENCY=n: n posts in flight at once (batched together), instead of one at a time. */
const CONCURRENCY = Math.max(1, Number(process.env.PROBE_CONCURRENCY ?? 1));
/** Enough members that none passes the 30 messages a minute. */
const SENDERS = Math.max(20, Math.ceil(POSTS / 25));
const ORIGIN = 'http://localhost:5000';

const statements: string[] = [];
let roundTrips = 0;
/** PostgreSQL only: time spent waiting for each kind of statement (its first words), over all posts. */
const waited = new Map<string, { n: number; ms: number }>();
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  roundTrips++;
  const start = performance.now();
  const result = (query as (...a: unknown[]) => unknown).apply(this, args);
  const first = args[0] as string | { text?: string };
  const text = (typeof first === 'string' ? first : (first?.text ?? '')).replace(/\s+/g, ' ').trim().slice(0, 60);
  if (result instanceof Promise) {
    void result.then(
      () => {
        const entry = waited.get(text) ?? { n: 0, ms: 0 };
        entry.n++;
        entry.ms += performance.now() - start;
        waited.set(text, entry);
      },
      () => undefined,
    );
  }
  return result;
} as typeof pg.Client.prototype.query;

/** A CPU profile of the posting loop alone (PROBE_PROFILE=file.cpuprofile), for Chrome's or VS Code's profiler. */
async function startProfile() {
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))));
  await post('Profiler.enable');
  await post('Profiler.start');
  return {
    stop: async (file: string) => {
      const { profile } = (await post('Profiler.stop')) as { profile: unknown };
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}

/**
 * Time from one statement's start to the next one's, by statement (its first words): on PGlite,
 * where statements run one at a time in this process, about what each costs.
 */
const gaps = new Map<string, { n: number; ms: number }>();
let last: { text: string; at: number } | null = null;
function logStatement(sql: string) {
  statements.push(sql);
  const at = performance.now();
  if (last) {
    const entry = gaps.get(last.text) ?? { n: 0, ms: 0 };
    entry.n++;
    entry.ms += at - last.at;
    gaps.set(last.text, entry);
  }
  last = { text: sql.replace(/\s+/g, ' ').trim().slice(0, 60), at };
}

/** CPU time (ms) of every PostgreSQL process on this machine so far (0 where /proc cannot tell). */
function postgresCpuMs(): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone meanwhile
    }
  }
  return ticks * 10;
}

async function dropDatabase(baseUrl: string, name: string) {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.end();
}

/**
 * PROBE_CONCURRENCY: POSTS posts with CONCURRENCY in flight at once, as bench:api sends them,
 * and what they cost: posts a second, statements and round trips per post (batches shared), and
 * the CPU per post of this process and of the PostgreSQL processes on this machine.
 */
async function concurrentPosts(
  app: Awaited<ReturnType<typeof buildApp>>,
  ctx: ReturnType<typeof createContext>,
  senders: Array<{ cookie: string; conversationId: number }>,
) {
  statements.length = 0;
  roundTrips = 0;
  const profiler = process.env.PROBE_PROFILE ? await startProfile() : null;
  const cpu = process.cpuUsage();
  const pgCpu = postgresCpuMs();
  const start = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < POSTS) {
      const n = next++;
      const sender = senders[n % senders.length]!;
      const res = await app.inject({
        method: 'POST',
        url: `/api/conversations/${sender.conversationId}/messages`,
        headers: { cookie: sender.cookie, origin: ORIGIN, 'idempotency-key': randomUUID() },
        payload: { content: `Probe message ${n}: still available?` },
      });
      if (res.statusCode !== 201) throw new Error(`post ${n}: ${res.statusCode} ${res.body}`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  await ctx.events.idle();
  const seconds = (performance.now() - start) / 1000;
  const { user, system } = process.cpuUsage(cpu);
  const pgMs = postgresCpuMs() - pgCpu;
  if (profiler && process.env.PROBE_PROFILE) await profiler.stop(process.env.PROBE_PROFILE);
  console.log(`${ctx.database.kind}, ${POSTS} posts, ${CONCURRENCY} in flight: ${(POSTS / seconds).toFixed(0)} posts/s`);
  console.log(
    `statements per post (notifications included): ${(statements.length / POSTS).toFixed(1)}; PostgreSQL round trips: ${(roundTrips / POSTS).toFixed(1)}`,
  );
  console.log(
    `CPU per post: this process ${((user + system) / 1000 / POSTS).toFixed(2)} ms${ctx.database.kind === 'postgres' ? `, PostgreSQL ${(pgMs / POSTS).toFixed(2)} ms` : ''}`,
  );
  if (process.env.PROBE_TIMES) {
    for (const [text, { n, ms }] of [...waited].sort((a, b) => b[1].n - a[1].n))
      console.log(`x${String(n).padEnd(6)} ${(ms / n).toFixed(2).padStart(7)} ms  ${text}`);
  }
}

async function main() {
  const baseUrl = process.env.DATABASE_URL;
  let url: string | undefined;
  const name = `posting_probe_${process.pid}`;
  if (baseUrl) {
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const u = new URL(baseUrl);
    u.pathname = `/${name}`;
    url = u.toString();
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'posting-probe-'));
  // PGlite in a data directory on disk, as the embedded demo runs (PROBE_PGLITE=memory: in memory).
  const pgliteDir = process.env.PROBE_PGLITE === 'memory' ? undefined : path.join(dataDir, 'pglite');
  const database = await openDatabase({ databaseUrl: url, pgliteDir, logger: { logQuery: (sql) => void logStatement(sql) } });
  await runMigrations(database);
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SESSION_SECRET: 'probe-secret-probe-secret-probe-secret-0123456789',
    APP_ORIGIN: ORIGIN,
    SEED_DEMO: '0',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
  });
  const ctx = createContext(env, database);
  const app = await buildApp(ctx, { logger: false });
  await app.ready();

  const signIn = async (i: number, who: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/debug/force-auth',
      // One address per member: sign-ins are limited per address.
      remoteAddress: `10.0.${i >> 8}.${i & 255}`,
      payload: { email: `${who}${i}@probe.test`, username: `${who}_${i}` },
    });
    const cookie = res.cookies.find((c) => c.name === 'soleswap.sid');
    if (res.statusCode !== 200 || !cookie) throw new Error(`sign-in: ${res.statusCode} ${res.body}`);
    return { cookie: `soleswap.sid=${cookie.value}`, id: (res.json() as { user: { id: string } }).user.id };
  };
  const senders: Array<{ cookie: string; conversationId: number }> = [];
  for (let i = 0; i < SENDERS; i++) {
    const sender = await signIn(i, 'sender');
    const partner = await signIn(i, 'partner');
    const res = await app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: { cookie: sender.cookie, origin: ORIGIN },
      payload: { userId: partner.id },
    });
    senders.push({ cookie: sender.cookie, conversationId: (res.json() as { id: number }).id });
  }

  waited.clear();
  gaps.clear();
  if (CONCURRENCY > 1) {
    await concurrentPosts(app, ctx, senders);
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (baseUrl) await dropDatabase(baseUrl, name);
    return;
  }
  const profiler = process.env.PROBE_PROFILE ? await startProfile() : null;
  const cpu = process.cpuUsage();
  const times: number[] = [];
  const after: number[] = [];
  let requestStatements = 0;
  let notificationStatements = 0;
  let requestTrips = 0;
  let sample: string[] = [];
  for (let n = 0; n < POSTS; n++) {
    const sender = senders[n % senders.length]!;
    statements.length = 0;
    roundTrips = 0;
    const start = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: `/api/conversations/${sender.conversationId}/messages`,
      headers: { cookie: sender.cookie, origin: ORIGIN, 'idempotency-key': randomUUID() },
      payload: { content: `Probe message ${n}: still available?` },
    });
    times.push(performance.now() - start);
    if (res.statusCode !== 201) throw new Error(`post ${n}: ${res.statusCode} ${res.body}`);
    requestStatements += statements.length;
    requestTrips += roundTrips;
    if (n === POSTS - 1) sample = [...statements];
    const mark = statements.length;
    const idle = performance.now();
    await ctx.events.idle();
    after.push(performance.now() - idle);
    notificationStatements += statements.length - mark;
    if (n === POSTS - 1) sample.push('-- after the answer --', ...statements.slice(mark));
  }
  const { user, system } = process.cpuUsage(cpu);
  if (profiler && process.env.PROBE_PROFILE) await profiler.stop(process.env.PROBE_PROFILE);
  const pct = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) * p)]!.toFixed(2);
  console.log(`database: ${database.kind}, ${POSTS} posts by ${SENDERS} senders`);
  console.log(
    `statements per post: ${(requestStatements / POSTS).toFixed(1)} in the request, ${(notificationStatements / POSTS).toFixed(1)} after it`,
  );
  if (database.kind === 'postgres') console.log(`PostgreSQL round trips per request (BEGIN/COMMIT included): ${(requestTrips / POSTS).toFixed(1)}`);
  console.log(`post: median ${pct(times, 0.5)} ms, p90 ${pct(times, 0.9)} ms; notification after it: median ${pct(after, 0.5)} ms`);
  console.log(
    `this process's CPU per post (app${database.kind === 'pglite' ? ' and database' : ''}): ${((user + system) / 1000 / POSTS).toFixed(2)} ms`,
  );
  if (process.env.PROBE_TIMES && database.kind === 'pglite') {
    for (const [text, { n, ms }] of [...gaps].sort((a, b) => b[1].ms - a[1].ms)) console.log(`${(ms / n).toFixed(2).padStart(7)} ms x${n}  ${text}`);
  }
  if (process.env.PROBE_TIMES) {
    for (const [text, { n, ms }] of [...waited].sort((a, b) => b[1].ms - a[1].ms))
      console.log(`${(ms / n).toFixed(2).padStart(7)} ms x${n}  ${text}`);
  }
  if (process.env.PROBE_SQL) console.log(sample.map((s) => s.replace(/\s+/g, ' ').slice(0, 220)).join('\n'));

  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (baseUrl) {
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`drop database "${name}" with (force)`);
    await admin.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
