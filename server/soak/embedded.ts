import { rowsOf } from '../src/db/raw-rows';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client';
import { Member, newCounters, type Acknowledged } from './client';
import { printChecks, type CheckResult } from './checks';
import { sleep, startInstance, stopInstance, waitHealthy, type Instance } from './processes';

interface EmbeddedOptions {
  seconds: number;
  members: number;
  keep: boolean;
  instancePorts: [number, number];
  embeddedPort: number;
}

/** Signs a member in through the development sign-in (enabled for this run with ENABLE_DEV_LOGIN=1). */
async function signIn(base: string, email: string): Promise<{ id: string; cookie: string }> {
  const res = await fetch(`${base}/api/debug/force-auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email }),
  });
  if (!res.ok) throw new Error(`force-auth answered ${res.status}: ${await res.text()}`);
  const { user } = (await res.json()) as { user: { id: string } };
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c?.startsWith('soleswap.sid='));
  if (!cookie) throw new Error('force-auth set no session cookie');
  return { id: user.id, cookie };
}

/**
 * The crash test on the embedded database (PGlite): one instance, members writing messages and
 * listings as fast as they are answered, SIGKILL in the middle of it (twice), restart on the same
 * data directory (the stale lock file of the killed process must not block it), and in the end
 * every acknowledged write must be in the data directory, exactly once.
 */
export async function runEmbeddedSoak(opts: EmbeddedOptions): Promise<boolean> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'soleswap-soak-embedded-'));
  const dataDir = path.join(dir, 'data');
  mkdirSync(dataDir);
  const port = opts.embeddedPort;
  const base = `http://127.0.0.1:${port}`;
  const env = {
    NODE_ENV: 'production',
    ENABLE_DEV_LOGIN: '1',
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    APP_ORIGIN: base,
    SEED_DEMO: '0',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
  };
  let instance: Instance | undefined;
  const results: CheckResult[] = [];
  try {
    console.log(`soak (embedded): data in ${dataDir}`);
    const firstStart = Date.now();
    instance = startInstance('embedded', port, env, dir);
    await waitHealthy(instance, 120_000);
    console.log(`soak (embedded): first start (empty data directory) took ${((Date.now() - firstStart) / 1000).toFixed(1)} s`);
    const acked: Acknowledged[] = [];
    const counters = newCounters();
    const memberCount = Math.min(opts.members, 20);
    const members: Member[] = [];
    for (let i = 0; i < memberCount; i++) {
      const { id, cookie } = await signIn(base, `embedded${i}@soak.test`);
      members.push(new Member(id, cookie, base, base, acked, counters));
    }
    // One conversation per member with the next one.
    const conversations = new Map<Member, number>();
    for (let i = 0; i < members.length; i++) {
      const res = await members[i]!.post('/api/conversations', { userId: members[(i + 1) % members.length]!.id });
      conversations.set(members[i]!, (res?.body as { id: number }).id);
    }
    const stop = new AbortController();
    let seq = 0;
    const writer = async (me: Member) => {
      while (!stop.signal.aborted) {
        if (Math.random() < 0.7) {
          // Chat stays under the per-member limit of 30 a minute; listings take the rest.
          await me.post(`/api/conversations/${conversations.get(me)}/messages`, { content: `soak:embedded:${++seq}` }, 120_000);
          await sleep(1500 + Math.random() * 1000);
        } else {
          await me.post(
            '/api/sneakers',
            { name: `Soak pair ${++seq}`, brand: 'Nike', model: 'Soak', size: '10', condition: '9.0', estimatedValue: '120.00' },
            120_000,
          );
        }
      }
    };
    const started = Date.now();
    const runs = members.map(writer);
    let kills = 0;
    // Each kill comes a third of the run after the last (re)start, so writes are flowing when it lands.
    for (let k = 0; k < 2; k++) {
      await sleep((opts.seconds * 1000) / 3);
      const victim = instance;
      console.log(`soak (embedded): ${counters.acknowledged} acknowledged; SIGKILL pid ${victim.child.pid}`);
      victim.child.kill('SIGKILL');
      await victim.exited;
      kills++;
      const lockFile = path.join(dataDir, 'soleswap.lock');
      const stale = existsSync(lockFile) ? readFileSync(lockFile, 'utf8') : null;
      const restartAt = Date.now();
      instance = startInstance('embedded', port, env, dir);
      try {
        await waitHealthy(instance, 120_000);
        console.log(
          `soak (embedded): restarted in ${((Date.now() - restartAt) / 1000).toFixed(1)} s (stale lock: ${stale ? `pid ${stale}` : 'none'})`,
        );
      } catch (error) {
        results.push({
          name: 'the server restarts on the data directory after SIGKILL',
          violations: 1,
          detail: ` ${(error as Error).message}, see ${dir}/embedded.log`,
        });
        stop.abort();
        await Promise.all(runs);
        return printChecks(results);
      }
    }
    await sleep(Math.max(0, started + opts.seconds * 1000 - Date.now()));
    stop.abort();
    await Promise.all(runs);
    await stopInstance(instance);
    results.push({ name: `the server restarts on the data directory after SIGKILL (${kills} kills)`, violations: 0 });
    const elapsed = (Date.now() - started) / 1000;
    console.log(
      `soak (embedded): ${elapsed.toFixed(0)} s, ${counters.requests} writes: ${counters.acknowledged} acknowledged, ${counters.refused} refused, ` +
        `${counters.retries} retries, ${counters.unanswered} unanswered; status ${JSON.stringify(counters.byStatus)}`,
    );
    for (const [status, example] of Object.entries(counters.examples)) console.log(`  first ${status}: ${example}`);

    // Open the data directory ourselves, as the next start would.
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    try {
      const rows = async (query: ReturnType<typeof sql>) => ({ rows: rowsOf<Record<string, unknown>>(await database.db.execute(query)) });
      const messages = (await rows(sql`select id, content from messages where content like 'soak:embedded:%'`)).rows;
      const sneakers = (await rows(sql`select id, name from sneakers where name like 'Soak pair %'`)).rows;
      const keys = (await rows(sql`select user_id, key, status_code from idempotency_keys`)).rows;
      const messageCount = new Map<string, number>();
      for (const m of messages) messageCount.set(String(m.content), (messageCount.get(String(m.content)) ?? 0) + 1);
      const sneakerIds = new Set(sneakers.map((s) => Number(s.id)));
      const storedKeys = new Map(keys.map((k) => [`${k.user_id} ${k.key}`, Number(k.status_code)]));
      const ackedMessages = acked.filter((a) => a.path.endsWith('/messages'));
      const ackedSneakers = acked.filter((a) => a.path === '/api/sneakers');
      const lostMessages = ackedMessages.filter((a) => messageCount.get((a.body as { content: string }).content) !== 1);
      const lostSneakers = ackedSneakers.filter((a) => !sneakerIds.has((a.body as { id: number }).id));
      const keyed = acked.filter((a) => a.path.endsWith('/messages'));
      const lostKeys = keyed.filter((a) => storedKeys.get(`${a.userId} ${a.key}`) !== a.status);
      results.push({
        name: `every acknowledged message is there exactly once (${ackedMessages.length})`,
        violations: lostMessages.length,
        detail: ` e.g. ${JSON.stringify(lostMessages.slice(0, 3).map((a) => a.body))}`,
      });
      results.push({
        name: `every acknowledged listing is there (${ackedSneakers.length})`,
        violations: lostSneakers.length,
        detail: ` e.g. ${JSON.stringify(lostSneakers.slice(0, 3).map((a) => a.body))}`,
      });
      results.push({ name: `every acknowledged keyed request is stored with its answer (${keyed.length})`, violations: lostKeys.length });
    } finally {
      await database.close();
    }
    return printChecks(results);
  } finally {
    if (instance) await stopInstance(instance);
    if (opts.keep) console.log(`soak (embedded): kept ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}
