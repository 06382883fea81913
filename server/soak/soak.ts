/**
 * The soak: `npm run soak [-- --seconds 60] [--members 50] [--keep]` runs two instances on one
 * PostgreSQL behind nginx (deploy/nginx/soleswap.conf), 50 members trading (with cash on about half
 * of the proposals and protection holds, sandbox provider; half of the acceptances sent twice at
 * once, one of the two made to fail), withdrawing, chatting and looping, kills one instance with SIGKILL halfway
 * and restarts it, then checks the invariants (the money ones too: money-checks.ts) and exits 1 on
 * any violation. `npm run soak -- --embedded` is the crash test on the embedded database.
 * docs/deploy.md explains the set-up it runs; this is not part of `npm test` (it takes minutes).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Member, followStream, newCounters, type Acknowledged, type StreamRecord } from './client';
import { printChecks, runChecks, type CheckResult } from './checks';
import { runEmbeddedSoak } from './embedded';
import { createFixture } from './fixtures';
import { runMoneyChecks } from './money-checks';
import { sleep, startInstance, startNginx, stopInstance, waitHealthy, type Instance } from './processes';
import { runAdmin, runMember, type Workload } from './workload';

export interface SoakOptions {
  seconds: number;
  members: number;
  keep: boolean;
  embedded: boolean;
  adminUrl: string;
  nginxPort: number;
  instancePorts: [number, number];
  /** The embedded crash test's one instance (its own port, so both kinds can run at once). */
  embeddedPort: number;
}

function parseArgs(argv: string[]): SoakOptions {
  const value = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const port = Number(process.env.SOAK_PORT_BASE ?? 5180);
  return {
    seconds: Number(value('--seconds') ?? 60),
    members: Number(value('--members') ?? 50),
    keep: argv.includes('--keep'),
    embedded: argv.includes('--embedded'),
    adminUrl: process.env.SOAK_ADMIN_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres',
    nginxPort: Number(process.env.SOAK_NGINX_PORT ?? port + 10),
    instancePorts: [port + 1, port + 2],
    embeddedPort: port + 3,
  };
}

async function soakPostgres(opts: SoakOptions): Promise<boolean> {
  const tag = `${Date.now().toString(36)}`;
  const dbName = `soak_${tag}`;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'soleswap-soak-'));
  const admin = new pg.Client({ connectionString: opts.adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = new URL(opts.adminUrl);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();
  const base = `http://127.0.0.1:${opts.nginxPort}`;
  const secret = randomBytes(32).toString('base64url');
  const env = {
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: secret,
    APP_ORIGIN: base,
    TRUST_PROXY: '1',
    SEED_DEMO: '0',
    LOG_LEVEL: 'warn',
    DATA_DIR: path.join(dir, 'data'),
    // Protection holds on (docs/rules/money.md#protection-holds): every soak member is new to trading,
    // and a $150 threshold puts about half of the catalogue's pairs above it.
    PROTECTION_HOLD_COMPLETED_TRADES: '3',
    PROTECTION_HOLD_MIN_VALUE_CENTS: '15000',
  };
  const instances: Instance[] = [];
  let nginx: Awaited<ReturnType<typeof startNginx>> | undefined;
  const db = new pg.Pool({ connectionString: databaseUrl, max: 8 });
  const stopStreams = new AbortController();
  try {
    console.log(`soak: database ${dbName}, logs in ${dir}`);
    // Both at once, as a deployment would start them: they take turns migrating.
    instances.push(startInstance('instance1', opts.instancePorts[0], env, dir), startInstance('instance2', opts.instancePorts[1], env, dir));
    const firstStart = Date.now();
    await Promise.all(instances.map((i) => waitHealthy(i, 120_000)));
    console.log(`soak: both instances up in ${((Date.now() - firstStart) / 1000).toFixed(1)} s`);
    nginx = await startNginx({ dir: path.join(dir, 'nginx'), listenPort: opts.nginxPort, upstreamPorts: opts.instancePorts });
    const fixture = await createFixture(db, { members: opts.members, secret, tag });
    console.log(`soak: ${fixture.members.length} members, ${fixture.initialOwners.size} pairs, ${fixture.loopGroups} loop groups; nginx on ${base}`);

    const acked: Acknowledged[] = [];
    const counters = newCounters();
    const members = fixture.members.map((m) => new Member(m.id, m.cookie, base, base, acked, counters));
    const adminMember = new Member(fixture.admin.id, fixture.admin.cookie, base, base, acked, counters);
    const check = await members[0]!.get<{ id: string }>('/api/auth/user');
    if (check?.id !== members[0]!.id) throw new Error('the session cookies are not accepted (signing changed?)');

    const streams: StreamRecord[] = members.map((m) => ({
      userId: m.id,
      startCursor: null,
      ids: [],
      messageIds: [],
      connects: 0,
      lastId: null,
      resyncs: 0,
    }));
    const streamRuns = members.map((m, i) => followStream(base, m.cookie, streams[i]!, stopStreams.signal));
    const readyBy = Date.now() + 20_000;
    while (streams.some((s) => s.startCursor === null) && Date.now() < readyBy) await sleep(100);

    const stopLoad = new AbortController();
    const workload: Workload = { members, admin: adminMember, db, stop: stopLoad.signal, messageSeq: { n: 0 }, tag, doubleAccepts: [] };
    const started = Date.now();
    const runs = [...members.map((m) => runMember(workload, m)), runAdmin(workload)];

    await sleep((opts.seconds * 1000) / 2);
    const victim = instances[0]!;
    console.log(
      `soak: ${((Date.now() - started) / 1000).toFixed(0)} s, ${counters.acknowledged} acknowledged; SIGKILL ${victim.name} (pid ${victim.child.pid})`,
    );
    victim.child.kill('SIGKILL');
    await victim.exited;
    const restartedAt = Date.now();
    instances[0] = startInstance('instance1', opts.instancePorts[0], env, dir);
    await waitHealthy(instances[0], 120_000);
    console.log(`soak: ${victim.name} back after ${((Date.now() - restartedAt) / 1000).toFixed(1)} s`);

    await sleep(Math.max(0, started + opts.seconds * 1000 - Date.now()));
    stopLoad.abort();
    await Promise.all(runs);
    // Let the last events reach every stream before comparing.
    await sleep(3000);
    stopStreams.abort();
    await Promise.all(streamRuns);

    const elapsed = (Date.now() - started) / 1000;
    const stats = (
      await db.query<{ trades: number; completed: number; loops: number; loops_completed: number; messages: number }>(`
        select (select count(*)::int from trades) as trades, (select count(*)::int from trades where status = 'completed') as completed,
               (select count(*)::int from loops) as loops, (select count(*)::int from loops where status = 'completed') as loops_completed,
               (select count(*)::int from messages) as messages`)
    ).rows[0]!;
    console.log(
      `soak: ${elapsed.toFixed(0)} s, ${counters.requests} keyed requests (${(counters.requests / elapsed).toFixed(1)}/s): ` +
        `${counters.acknowledged} acknowledged, ${counters.refused} refused, ${counters.retries} retries, ${counters.unanswered} unanswered; ` +
        `status ${JSON.stringify(counters.byStatus)}`,
    );
    for (const [status, example] of Object.entries(counters.examples)) console.log(`  first ${status}: ${example}`);
    console.log(
      `soak: ${stats.trades} trades (${stats.completed} completed), ${stats.loops} loops (${stats.loops_completed} completed), ${stats.messages} messages`,
    );
    const results = await runChecks(db, { acked, streams, initialOwners: fixture.initialOwners, memberIds: members.map((m) => m.id), base });
    results.unshift(await checkUploadLimit(base, members[0]!));
    // The settle job runs every minute: give it one run and a bit to finish what the kill interrupted.
    results.push(...(await runMoneyChecks(db, { settleWaitMs: 75_000, acked, doubleAccepts: workload.doubleAccepts })));
    // A soak that traded nothing proves nothing: members refused at every step pass every check above.
    results.unshift({ name: `the workload ran: trades completed (${stats.completed})`, violations: stats.completed > 0 ? 0 : 1 });
    results.push({
      name: 'no request answered with a 5xx',
      violations: counters.serverErrors.length,
      detail: counters.serverErrors.length ? ` e.g. ${JSON.stringify(counters.serverErrors.slice(0, 3))}` : undefined,
    });
    return printChecks(results);
  } finally {
    stopStreams.abort();
    await db.end().catch(() => undefined);
    await Promise.all(instances.map((i) => stopInstance(i)));
    if (nginx) {
      nginx.child.kill('SIGQUIT');
      await nginx.exited;
    }
    if (opts.keep) {
      console.log(`soak: kept database ${dbName} and ${dir}`);
    } else {
      await admin.query(`drop database if exists ${dbName} with (force)`).catch((e) => console.error(`drop ${dbName}: ${e.message}`));
      rmSync(dir, { recursive: true, force: true });
    }
    await admin.end();
  }
}

/**
 * The proxy's body limit matches the server's: an 8 MB image sent as a data URL (about 11 MB of
 * JSON) must reach the server, which answers in JSON, instead of nginx's own 413 page.
 */
async function checkUploadLimit(base: string, member: Member): Promise<CheckResult> {
  const dataUrl = `data:image/png;base64,${'A'.repeat(11 * 1024 * 1024)}`;
  const res = await fetch(`${base}/api/uploads`, {
    method: 'POST',
    headers: { cookie: member.cookie, origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ dataUrl }),
  });
  const text = await res.text();
  let code: string | undefined;
  try {
    code = (JSON.parse(text) as { code?: string }).code;
  } catch {
    code = undefined;
  }
  const reached = code !== undefined;
  return {
    name: 'an 11 MB upload passes nginx and is answered by the server',
    violations: reached ? 0 : 1,
    detail: reached ? undefined : `: ${res.status} ${text.slice(0, 80)}`,
  };
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const ok = opts.embedded ? await runEmbeddedSoak(opts) : await soakPostgres(opts);
  console.log(ok ? 'soak: every check passed' : 'soak: FAILED');
  process.exit(ok ? 0 : 1);
}

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
