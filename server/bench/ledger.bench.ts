/**
 * Ledger verification benchmark (npm run bench:ledger): 1,000,000 valid chain entries in
 * PostgreSQL, verified through verifyLedger, the function behind GET /api/ledger/verify.
 *
 * DATABASE_URL names the server (default postgres://root@127.0.0.1:5432/test); the benchmark
 * works in its own database `dbperf_ledger` there (BENCH_LEDGER_DB changes it), migrates it and
 * loads the entries once with COPY (hashes and commitments from the ledger module's own
 * functions; later runs reuse them). It then times the first verification (which seals the
 * checkpoints when none exist), times BENCH_RUNS more, then changes one random old entry's private
 * payload, once by UPDATE and once with triggers off, checks a verification names exactly that
 * entry, and restores it. Exits 1 when
 * the median warm verification takes 200 ms or more, or the tampering goes unnoticed.
 * BENCH_ENTRIES changes the entry count.
 */
import { rowsOf } from '../src/db/raw-rows';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { createContext } from '../src/context';
import { openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { loadEnv } from '../src/env';
import { GENESIS_HASH, computeCommitment, computeEntryHash } from '../src/modules/ledger/ledger-hash';
import { verifyLedger } from '../src/modules/ledger/verify-ledger';

const TARGET = Number(process.env.BENCH_ENTRIES ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const DATABASE = process.env.BENCH_LEDGER_DB ?? 'dbperf_ledger';
const BUDGET_MS = 200;
const TRADES = 1000;
const EVENTS = ['lock', 'ship', 'receive', 'release'] as const;

const rows = rowsOf;
/** The one row of an aggregate query such as count(*). */
const onlyRow = <T>(result: unknown) => {
  const [row] = rows<T>(result);
  if (row === undefined) throw new Error('invariant: an aggregate query returns one row');
  return row;
};

async function ensureDatabase(baseUrl: string): Promise<string> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [DATABASE]);
    if (!exists.rowCount) await admin.query(`create database "${DATABASE}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${DATABASE}`;
  return url.toString();
}

/** CSV field: quoted, inner quotes doubled. */
const csv = (value: string | number | null) => (value === null ? '' : `"${String(value).replaceAll('"', '""')}"`);

/** Writes TARGET valid entries to a CSV file and loads it with psql's \copy (COPY FROM STDIN). */
function loadEntries(url: string, tradeIds: number[]) {
  const dir = mkdtempSync(path.join(tmpdir(), 'dbperf-ledger-'));
  const file = path.join(dir, 'entries.csv');
  const lines: string[] = [];
  let prevHash = GENESIS_HASH;
  const start = Date.parse('2024-01-01T00:00:00Z');
  for (let i = 1; i <= TARGET; i++) {
    const tradeId = tradeIds[i % tradeIds.length]!;
    const event = EVENTS[i % EVENTS.length]!;
    const tradeRef = ((tradeId * 2654435761) % 2 ** 32).toString(16).padStart(24, '0');
    const salt = (i * 40503).toString(16).padStart(32, '0');
    const payload = { proposerSneakerIds: [i % 997], receiverSneakerIds: [i % 991], side: i % 2 ? 'proposer' : 'receiver' };
    const commitment = computeCommitment(salt, { tradeId, payload });
    const createdAt = new Date(start + i * 1000);
    const hash = computeEntryHash(prevHash, { event, tradeRef, commitment, createdAt });
    lines.push([i, tradeId, event, JSON.stringify(payload), tradeRef, salt, commitment, prevHash, hash, createdAt.toISOString()].map(csv).join(','));
    prevHash = hash;
  }
  writeFileSync(file, lines.join('\n') + '\n');
  const copy = spawnSync(
    'psql',
    [
      url,
      '-v',
      'ON_ERROR_STOP=1',
      '-c',
      `\\copy ledger_entries (id, trade_id, event, payload, trade_ref, salt, commitment, prev_hash, hash, created_at) from '${file}' csv`,
    ],
    { stdio: 'inherit' },
  );
  rmSync(dir, { recursive: true, force: true });
  if (copy.status !== 0) throw new Error('COPY failed');
}

async function main() {
  const baseUrl = process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
  const url = await ensureDatabase(baseUrl);
  const database = await openDatabase({ databaseUrl: url, poolSize: 4 });
  await runMigrations(database);
  const { db } = database;
  const env = loadEnv({ NODE_ENV: 'test', DATABASE_URL: url, SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-000', LOG_LEVEL: 'silent' });
  const ctx = createContext(env, database);

  const { count } = onlyRow<{ count: number }>(await db.execute(sql`select count(*)::int as count from ledger_entries`));
  if (count !== TARGET) {
    console.log(`loading ${TARGET} ledger entries (found ${count})...`);
    const started = performance.now();
    await db.execute(sql`truncate ledger_checkpoints, ledger_entries`);
    await db.execute(
      sql`insert into users (email, username) values ('ledger-a@bench.test', 'ledger_a'), ('ledger-b@bench.test', 'ledger_b') on conflict do nothing`,
    );
    let tradeIds = rows<{ id: number }>(await db.execute(sql`select id from trades order by id limit ${TRADES}`)).map((r) => r.id);
    if (tradeIds.length < TRADES) {
      await db.execute(sql`
        insert into trades (proposer_id, receiver_id, proposer_sneaker_ids, receiver_sneaker_ids)
        select (select id from users where username = 'ledger_a'), (select id from users where username = 'ledger_b'), '{}', '{}'
        from generate_series(1, ${TRADES - tradeIds.length})`);
      tradeIds = rows<{ id: number }>(await db.execute(sql`select id from trades order by id limit ${TRADES}`)).map((r) => r.id);
    }
    loadEntries(url, tradeIds);
    await db.execute(sql`select setval(pg_get_serial_sequence('ledger_entries', 'id'), ${TARGET})`);
    await db.execute(sql`vacuum analyze ledger_entries`);
    console.log(`loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }

  const { checkpoints } = onlyRow<{ checkpoints: number }>(await db.execute(sql`select count(*)::int as checkpoints from ledger_checkpoints`));
  const timed = async () => {
    const started = performance.now();
    const result = await verifyLedger(ctx);
    return { ms: performance.now() - started, result };
  };

  const first = await timed();
  console.log(
    `first verification (${checkpoints} checkpoints before): ${first.ms.toFixed(0)} ms, valid=${first.result.valid}, checked=${first.result.checked}`,
  );
  const warm: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const run = await timed();
    if (!run.result.valid || run.result.checked !== TARGET) throw new Error(`unexpected verification ${JSON.stringify(run.result)}`);
    warm.push(run.ms);
  }
  warm.sort((a, b) => a - b);
  const median = warm[Math.floor(warm.length / 2)]!;
  console.log(
    `warm verification of ${TARGET} entries, ${RUNS} runs: min ${warm[0]!.toFixed(0)} ms, median ${median.toFixed(0)} ms, max ${warm[warm.length - 1]!.toFixed(0)} ms`,
  );

  // Tamper with one random old entry's private payload (its hash and commitment stay as they were).
  const tamper = async (bypassTrigger: boolean) => {
    const victim = 1 + Math.floor(Math.random() * (TARGET - 20_000));
    const [original] = rows<{ payload: unknown }>(await db.execute(sql`select payload from ledger_entries where id = ${victim}`));
    const write = async (payload: SQL) =>
      db.transaction(async (tx) => {
        // A replication-role session skips triggers: the write the checkpoint audit is there for.
        if (bypassTrigger) await tx.execute(sql`set local session_replication_role = replica`);
        await tx.execute(sql`update ledger_entries set payload = ${payload} where id = ${victim}`);
      });
    await write(sql`jsonb_set(payload, '{side}', '"tampered"')`);
    let runs = 0;
    let run: Awaited<ReturnType<typeof timed>>;
    do {
      run = await timed();
      runs++;
    } while (run.result.valid && runs < 200);
    await write(sql`${JSON.stringify(original!.payload)}::jsonb`);
    const caught = !run.result.valid && run.result.brokenAt?.id === victim && run.result.brokenAt.reason === 'commitment';
    const how = bypassTrigger ? 'with triggers off' : 'by UPDATE';
    console.log(
      `entry ${victim} changed ${how}: ${caught ? 'detected' : 'MISSED'} after ${runs} verification(s), that one ${run.ms.toFixed(0)} ms, brokenAt=${JSON.stringify(run.result.brokenAt)}`,
    );
    const restored = await timed();
    console.log(`  after restoring it: ${restored.ms.toFixed(0)} ms, valid=${restored.result.valid} (re-hashes from the changed block, seals again)`);
    return caught && restored.result.valid;
  };
  const caught = (await tamper(false)) && (await tamper(true));

  const plan = rows<{ 'QUERY PLAN': string }>(
    await db.execute(sql`explain (analyze, buffers) select * from ledger_checkpoints order by audited_at, up_to_id limit 3`),
  );
  console.log(
    plan
      .map((r) => r['QUERY PLAN'])
      .slice(0, 8)
      .join('\n'),
  );

  await database.close();
  const ok = median < BUDGET_MS && caught;
  console.log(ok ? `OK: median ${median.toFixed(0)} ms < ${BUDGET_MS} ms, tampering detected` : 'FAILED');
  process.exit(ok ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
