import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createContext } from '../context';
import { openDatabase, pgliteOptions } from '../db/client';
import { DataDirInUseError, lockDataDir } from '../db/data-dir-lock';
import { runMigrations } from '../db/migrate';
import type { Env } from '../env';
import { uploadsDir } from '../modules/uploads/image-store';
import type { CommandIo } from './admin-command';
import { runBackupCommand } from './backup-command';
import { startCommand } from './command-start';
import { compareContents, describeCounts, readBackupContents } from './backup-contents';
import { type BackupManifest, PGLITE_FILE, POSTGRES_FILE, readManifest, UPLOADS_DIR } from './backup-manifest';

const USAGE = [
  'Usage: npm run db:restore -- <backup folder> [--force]',
  '',
  'Restores a backup made by `npm run db:backup` into the database the server uses (DATABASE_URL,',
  'or the embedded one under DATA_DIR) and its uploads, then checks every count and the ledger.',
  'It refuses a database that already holds data unless --force: the embedded data directory is',
  'then moved aside (kept, never deleted), and PostgreSQL is first backed up into backups/.',
  'Stop the servers before restoring.',
];

/** `npm run db:restore`: returns the exit code (0 restored and verified, 1 otherwise). */
export async function runRestoreCommand(argv: string[], io: CommandIo = {}): Promise<number> {
  const start = startCommand(argv, io, USAGE, parseRestoreArgs);
  if ('exit' in start) return start.exit;
  const { args, env, out, err } = start;
  const folder = path.resolve(args.folder);
  const manifest = readManifest(folder);
  if (typeof manifest === 'string') {
    err(manifest);
    return 1;
  }
  const targetKind = env.DATABASE_URL ? 'postgres' : 'pglite';
  if (manifest.kind !== targetKind) {
    err(
      manifest.kind === 'pglite'
        ? 'This is a backup of the embedded database: unset DATABASE_URL to restore it into DATA_DIR.'
        : 'This is a PostgreSQL backup: set DATABASE_URL to the (empty) database to restore it into.',
    );
    return 1;
  }

  let releaseLock = () => {};
  try {
    if (targetKind === 'pglite') releaseLock = lockDataDir(env.DATA_DIR);
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      err(`A running SoleSwap server (pid ${error.pid}) holds ${error.dataDir}. Stop it before restoring.`);
      return 1;
    }
    throw error;
  }
  try {
    const restored =
      targetKind === 'pglite' ? await restorePglite(env, folder, args.force, out, err) : await restorePostgres(env, folder, args.force, io, out, err);
    if (!restored) return 1;
    const uploads = path.join(folder, UPLOADS_DIR);
    // Files are named by their content hash: an existing file is the same image, so none is overwritten.
    if (existsSync(uploads)) cpSync(uploads, uploadsDir(env.DATA_DIR), { recursive: true, force: false });
    return await checkRestored(env, manifest, out, err);
  } finally {
    releaseLock();
  }
}

async function restorePglite(env: Env, folder: string, force: boolean, out: (l: string) => void, err: (l: string) => void): Promise<boolean> {
  const target = path.join(env.DATA_DIR, 'pglite');
  if (existsSync(target) && readdirSync(target).length > 0) {
    if (!force) {
      err(`${target} already holds a database. Restore into an empty DATA_DIR, or add --force to move it aside first.`);
      return false;
    }
    const aside = `${target}.before-restore-${Date.now()}`;
    renameSync(target, aside);
    out(`The existing embedded database was moved to ${aside}`);
  }
  const blob = new Blob([readFileSync(path.join(folder, PGLITE_FILE))]);
  const client = await PGlite.create(target, { ...pgliteOptions(), loadDataDir: blob });
  await client.close();
  return true;
}

async function restorePostgres(
  env: Env,
  folder: string,
  force: boolean,
  io: CommandIo,
  out: (l: string) => void,
  err: (l: string) => void,
): Promise<boolean> {
  const url = env.DATABASE_URL!;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const tables = await client
    .query<{ n: number }>(`select count(*)::int as n from pg_tables where schemaname = 'public'`)
    .finally(() => client.end());
  if (tables.rows[0]!.n > 0) {
    if (!force) {
      err('The database at DATABASE_URL already holds tables. Restore into an empty database (createdb), or add --force');
      err('to replace its contents (it is backed up into backups/ first).');
      return false;
    }
    const safety = path.resolve('backups', `before-restore-${Date.now()}`);
    if ((await runBackupCommand(['--out', safety], io)) !== 0) {
      err('The safety backup of the current database failed; nothing was restored.');
      return false;
    }
  }
  const restore = spawnSync(
    'pg_restore',
    [
      '--no-owner',
      '--exit-on-error',
      '--single-transaction',
      ...(force ? ['--clean', '--if-exists'] : []),
      '--dbname',
      url,
      path.join(folder, POSTGRES_FILE),
    ],
    { encoding: 'utf8' },
  );
  if (restore.error || restore.status !== 0) {
    err(`pg_restore failed (nothing was changed: it runs in one transaction): ${restore.error?.message ?? restore.stderr.trim()}`);
    return false;
  }
  out('The PostgreSQL dump was restored.');
  return true;
}

/** Opens the restored database the way the server would (migrating an older backup forward) and compares. */
async function checkRestored(env: Env, manifest: BackupManifest, out: (l: string) => void, err: (l: string) => void): Promise<number> {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: path.join(env.DATA_DIR, 'pglite'), poolSize: 1 });
  try {
    await runMigrations(database);
    const actual = await readBackupContents(createContext(env, database));
    const problems = compareContents(manifest.contents, actual);
    if (problems.length > 0) {
      problems.forEach((problem) => err(`Restore check failed: ${problem}`));
      return 1;
    }
    out(`Restored from the backup of ${manifest.createdAt}: ${describeCounts(actual.counts)}; the ledger verifies.`);
    return 0;
  } finally {
    await database.close();
  }
}

function parseRestoreArgs(argv: string[]): { folder: string; force: boolean; help?: boolean } | string {
  if (argv[0] === '--help' || argv[0] === '-h') return { folder: '', force: false, help: true };
  const force = argv.includes('--force');
  const rest = argv.filter((arg) => arg !== '--force');
  if (rest.length !== 1 || !rest[0] || rest[0].startsWith('-')) return 'Name one backup folder to restore.';
  return { folder: rest[0], force };
}
