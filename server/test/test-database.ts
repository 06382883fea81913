import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Logger } from 'drizzle-orm/logger';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/client';
import { MIGRATIONS_DIR, runMigrations } from '../src/db/migrate';

/**
 * One database per test file, started from a migrated template so no file pays for initdb and
 * migrations: on PGlite a dump (dumpDataDir) loaded into memory; on PostgreSQL (TEST_DB=postgres,
 * DATABASE_URL) a CREATE DATABASE ... TEMPLATE.
 *
 * On PostgreSQL every name starts with DATABASE_URL's database (`test_t_...`, `test_tpl_...`), and
 * a test database's name carries its run's id. A run holds an advisory lock on its id while it
 * lasts (global-setup.ts), so a run that cleans up leftovers drops only databases whose run has
 * ended, never those of another suite running against the same server. Templates are built under
 * an advisory lock too, so two suites starting at once do not build (and drop) the same one.
 */
const CACHE_DIR = path.resolve(import.meta.dirname, '../../.data-test');
const DEFAULT_DATABASE_URL = 'postgres://root@127.0.0.1:5432/test';
/** The first key of every advisory lock taken here (the second names the run or the template). */
const LOCK_NAMESPACE = 0x501e;
/** Where global-setup.ts hands the run's id to the test workers. */
const RUN_ID_VARIABLE = 'SOLESWAP_TEST_RUN_ID';

export function testDatabaseKind(): 'pglite' | 'postgres' {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

/** Changes whenever a migration changes, so a stale template is never used. */
export function migrationsHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const file = path.join(dir, name);
      if (name.endsWith('.sql') || name.endsWith('.json')) hash.update(name).update(readFileSync(file));
      else if (!name.includes('.')) walk(file);
    }
  };
  walk(MIGRATIONS_DIR);
  return hash.digest('hex').slice(0, 12);
}

/** DATABASE_URL's database as a name stem: lower case, letters, digits and `_`, at most 24 characters. */
export function testDatabaseStem(databaseUrl = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL): string {
  const database = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  return (
    database
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 24) || 'postgres'
  );
}

/** The id of this test run (one per project of a vitest run; set by global-setup.ts). */
export function testRunId(): string {
  const id = process.env[RUN_ID_VARIABLE];
  if (!id) throw new Error(`${RUN_ID_VARIABLE} is not set: PostgreSQL test databases are created only under vitest's global setup`);
  return id;
}

/** A new run id: 8 hex digits. */
export function newTestRunId(): string {
  return randomBytes(4).toString('hex');
}

/** A fresh name for one test database of run `runId`: `<stem>_t_<run>_<random>`. */
export function testDatabaseName(runId = testRunId(), stem = testDatabaseStem()): string {
  return `${stem}_t_${runId}_${randomBytes(4).toString('hex')}`;
}

/** The run a test database was created by, or null for a name that is not one of this stem's test databases. */
export function runIdOfTestDatabase(name: string, stem = testDatabaseStem()): string | null {
  const match = new RegExp(`^${stem}_t_([0-9a-f]{8})_[0-9a-f]{8}$`).exec(name);
  return match ? match[1]! : null;
}

/** A 32-bit advisory lock key for a text. */
function lockKey(text: string): number {
  return createHash('sha256').update(text).digest().readInt32BE(0);
}

const pgliteTemplateFile = (upTo?: string) => path.join(CACHE_DIR, `pglite-template-${migrationsHash()}${upTo ? `-${upTo}` : ''}.tar.gz`);

function templateDbName(upTo?: string): string {
  const base = `${testDatabaseStem()}_tpl_${migrationsHash()}`;
  return upTo ? `${base}_${migrationIndex(upTo)}` : base;
}

export function adminUrl(database = 'postgres'): string {
  const url = new URL(process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withAdmin<T>(fn: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

/** The journal's entries up to and including `lastTag` (all of them without one). */
function migrationIndex(tag: string): number {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ tag: string }> };
  const index = journal.entries.findIndex((entry) => entry.tag === tag);
  if (index < 0) throw new Error(`no migration ${tag} in the journal`);
  return index;
}

/** Applies the checked-in migrations up to and including `lastTag` only (all of them without one). */
export async function runMigrationsUpTo(database: Database, lastTag?: string) {
  if (!lastTag) return runMigrations(database);
  const folder = mkdtempSync(path.join(tmpdir(), 'soleswap-migrations-'));
  try {
    cpSync(MIGRATIONS_DIR, folder, { recursive: true });
    const journalFile = path.join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: unknown[] };
    journal.entries = journal.entries.slice(0, migrationIndex(lastTag) + 1);
    writeFileSync(journalFile, JSON.stringify(journal));
    if (database.kind === 'pglite') await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    else await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder: folder });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

async function preparePgliteTemplate(upTo?: string) {
  const file = pgliteTemplateFile(upTo);
  if (existsSync(file)) return;
  mkdirSync(CACHE_DIR, { recursive: true });
  const database = await openDatabase({});
  await runMigrationsUpTo(database, upTo);
  const dump = await database.pglite!.dumpDataDir('gzip');
  // Written aside and renamed: workers building the same template at once each write a whole file.
  const tmp = `${file}.${process.pid}.${randomBytes(3).toString('hex')}.tmp`;
  writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
  renameSync(tmp, file);
  await database.close();
}

/** Builds the PostgreSQL template (migrated up to `upTo`, or fully) unless it exists, one builder at a time on the server. */
async function preparePostgresTemplate(upTo?: string) {
  const name = templateDbName(upTo);
  await withAdmin(async (admin) => {
    const key = lockKey(`template ${name}`);
    await admin.query('select pg_advisory_lock($1, $2)', [LOCK_NAMESPACE, key]);
    try {
      const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (exists.rowCount) return;
      const building = `${name}_build`;
      await admin.query(`drop database if exists "${building}" with (force)`);
      await admin.query(`create database "${building}"`);
      const database = await openDatabase({ databaseUrl: adminUrl(building), poolSize: 1 });
      try {
        await runMigrationsUpTo(database, upTo);
      } finally {
        await database.close();
      }
      await admin.query(`alter database "${building}" rename to "${name}"`);
    } finally {
      await admin.query('select pg_advisory_unlock($1, $2)', [LOCK_NAMESPACE, key]);
    }
  });
}

/**
 * Builds the template migrated up to and including `upTo` for this run's database kind, unless it
 * exists: a test file that needs one calls this in its beforeAll, so its tests only copy it.
 */
export async function preparePartialTemplate(upTo: string) {
  if (testDatabaseKind() === 'pglite') await preparePgliteTemplate(upTo);
  else await preparePostgresTemplate(upTo);
}

/** Run once per test run (vitest globalSetup): build the template if it is missing. */
export async function prepareTemplate(kind: 'pglite' | 'postgres') {
  if (kind === 'pglite') return preparePgliteTemplate();
  await dropDatabasesOfEndedRuns();
  await preparePostgresTemplate();
}

/**
 * Holds the advisory lock that says run `runId` is alive, on a connection of its own, until the
 * returned function is called (or the process ends).
 */
export async function holdTestRunLock(runId: string): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  client.on('error', () => undefined);
  // Shared: the projects of one vitest run share the id and each holds it; a cleaner's exclusive try fails while any does.
  await client.query('select pg_advisory_lock_shared($1, $2)', [LOCK_NAMESPACE, lockKey(`run ${runId}`)]);
  return () => client.end();
}

/**
 * Drops this stem's test databases whose run has ended (its lock is free): leftovers of runs that
 * died. A database of a run still going, in this process or another machine's, is left alone.
 */
export async function dropDatabasesOfEndedRuns(): Promise<string[]> {
  const dropped: string[] = [];
  await withAdmin(async (admin) => {
    const { rows } = await admin.query<{ datname: string }>('select datname from pg_database');
    for (const { datname } of rows) {
      const runId = runIdOfTestDatabase(datname);
      if (!runId) continue;
      const key = lockKey(`run ${runId}`);
      const free = await admin.query<{ free: boolean }>('select pg_try_advisory_lock($1, $2) as free', [LOCK_NAMESPACE, key]);
      if (!free.rows[0]!.free) continue;
      try {
        await admin.query(`drop database if exists "${datname}" with (force)`);
        dropped.push(datname);
      } finally {
        await admin.query('select pg_advisory_unlock($1, $2)', [LOCK_NAMESPACE, key]);
      }
    }
  });
  return dropped;
}

/** A new PostgreSQL database of this run, from `template` (or empty), dropped again by `close`. */
async function createPostgresTestDatabase({ template, logger, poolSize = 20 }: { template?: string; logger?: Logger; poolSize?: number }) {
  const name = testDatabaseName();
  await withAdmin((admin) => admin.query(`create database "${name}"${template ? ` template "${template}"` : ''}`));
  const url = adminUrl(name);
  const database = await openDatabase({ databaseUrl: url, poolSize, logger });
  return {
    ...database,
    name,
    url,
    close: async () => {
      await database.close();
      await withAdmin((admin) => admin.query(`drop database if exists "${name}" with (force)`));
    },
  };
}

/**
 * A fresh, migrated database for one test file. With `upTo`, migrated only up to and including that
 * migration (a database as older code left it), from a template of its own built on first use.
 */
export async function openTestDatabase({ logger, upTo }: { logger?: Logger; upTo?: string } = {}): Promise<Database & { url?: string }> {
  // Built here too when missing: a migration added while a run is under way changes the template's name.
  if (testDatabaseKind() === 'pglite') {
    await preparePgliteTemplate(upTo);
    const blob = new Blob([readFileSync(pgliteTemplateFile(upTo))]);
    return openDatabase({ loadDataDir: blob, logger });
  }
  await preparePostgresTemplate(upTo);
  return createPostgresTestDatabase({ template: templateDbName(upTo), logger });
}

/** An empty PostgreSQL database of this run (no tables), for a command that must start from nothing. */
export async function openEmptyPostgresTestDatabase(): Promise<Database & { url: string }> {
  return createPostgresTestDatabase({ poolSize: 2 });
}

/**
 * Fills an embedded data directory (`<DATA_DIR>/pglite`, which must not exist yet) with the migrated
 * template, so a command opening it finds its migrations applied instead of running initdb and all.
 */
export async function seedPgliteDataDir(pgliteDir: string): Promise<void> {
  await preparePgliteTemplate();
  mkdirSync(path.dirname(pgliteDir), { recursive: true });
  const database = await openDatabase({ pgliteDir, loadDataDir: new Blob([readFileSync(pgliteTemplateFile())]) });
  await database.close();
}

export { RUN_ID_VARIABLE };
