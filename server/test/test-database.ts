import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'drizzle-orm/logger';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/client';
import { MIGRATIONS_DIR, runMigrations } from '../src/db/migrate';

/**
 * One database per test file, started from a migrated template so no file pays for initdb and
 * migrations: on PGlite a dump (dumpDataDir) loaded into memory; on PostgreSQL (TEST_DB=postgres,
 * DATABASE_URL) a CREATE DATABASE ... TEMPLATE.
 */
const CACHE_DIR = path.resolve(import.meta.dirname, '../../.data-test');

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

const templateFile = () => path.join(CACHE_DIR, `pglite-template-${migrationsHash()}.tar.gz`);
const templateDbName = () => `soleswap_tpl_${migrationsHash()}`;

function adminUrl(database = 'postgres'): string {
  const url = new URL(process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test');
  url.pathname = `/${database}`;
  return url.toString();
}

/** Run once per test run (vitest globalSetup): build the template if it is missing. */
export async function prepareTemplate(kind: 'pglite' | 'postgres') {
  if (kind === 'pglite') {
    if (existsSync(templateFile())) return;
    mkdirSync(CACHE_DIR, { recursive: true });
    const database = await openDatabase({});
    await runMigrations(database);
    const dump = await database.pglite!.dumpDataDir('gzip');
    const tmp = `${templateFile()}.${process.pid}.tmp`;
    writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    renameSync(tmp, templateFile());
    await database.close();
    return;
  }
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    // Leftovers of runs that died: names carry the creating process id; a live process keeps its own.
    const stale = await admin.query(`select datname from pg_database where datname like 'soleswap_t\\_%'`);
    for (const row of stale.rows) {
      const pid = Number(String(row.datname).split('_')[2]);
      if (!isProcessAlive(pid)) await admin.query(`drop database if exists "${row.datname}" with (force)`);
    }
    const exists = await admin.query('select 1 from pg_database where datname = $1', [templateDbName()]);
    if (exists.rowCount) return;
    const building = `${templateDbName()}_build`;
    await admin.query(`drop database if exists "${building}" with (force)`);
    await admin.query(`create database "${building}"`);
    const database = await openDatabase({ databaseUrl: adminUrl(building), poolSize: 1 });
    await runMigrations(database);
    await database.close();
    await admin.query(`alter database "${building}" rename to "${templateDbName()}"`);
  } finally {
    await admin.end();
  }
}

/** A fresh, migrated database for one test file. */
export async function openTestDatabase({ logger }: { logger?: Logger } = {}): Promise<Database & { url?: string }> {
  if (testDatabaseKind() === 'pglite') {
    const blob = new Blob([readFileSync(templateFile())]);
    return openDatabase({ loadDataDir: blob, logger });
  }
  const name = `soleswap_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`create database "${name}" template "${templateDbName()}"`);
  await admin.end();
  const url = adminUrl(name);
  const database = await openDatabase({ databaseUrl: url, poolSize: 20, logger });
  return {
    ...database,
    url,
    close: async () => {
      await database.close();
      const drop = new pg.Client({ connectionString: adminUrl() });
      await drop.connect();
      await drop.query(`drop database if exists "${name}" with (force)`);
      await drop.end();
    },
  };
}

function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
