import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { createContext, type AppContext } from '../context';
import type { Db } from '../db/client';
import * as schema from '../db/schema/index';
import { openDatabase } from '../db/client';
import { DataDirInUseError, lockDataDir } from '../db/data-dir-lock';
import { runMigrations } from '../db/migrate';
import { uploadsDir } from '../modules/uploads/image-store';
import { type BackupContents, describeCounts, readBackupContents } from './backup-contents';
import { BACKUP_FORMAT, type BackupManifest, MANIFEST_FILE, PGLITE_FILE, POSTGRES_FILE, UPLOADS_DIR } from './backup-manifest';
import type { CommandIo } from './admin-command';
import { startCommand } from './command-start';

const USAGE = [
  'Usage: npm run db:backup -- [--out <folder>]',
  '',
  'Writes a consistent backup of the database the server uses (DATABASE_URL, or the embedded one',
  'under DATA_DIR) and of the uploaded images into a new folder (default: backups/soleswap-<time>).',
  'PostgreSQL is dumped with pg_dump while the server runs; the embedded database can be opened',
  'by one process at a time, so stop the server first.',
];

/** `npm run db:backup`: returns the exit code (0 written, 1 not written). */
export async function runBackupCommand(argv: string[], io: CommandIo = {}): Promise<number> {
  const start = startCommand(argv, io, USAGE, parseBackupArgs);
  if ('exit' in start) return start.exit;
  const { args, env, out, err } = start;
  const folder = path.resolve(args.out ?? path.join('backups', `soleswap-${stamp(new Date())}`));
  if (existsSync(folder) && readdirSync(folder).length > 0) {
    err(`${folder} is not empty; choose a new folder with --out so no earlier backup is overwritten.`);
    return 1;
  }
  mkdirSync(folder, { recursive: true });

  let releaseLock = () => {};
  try {
    if (!env.DATABASE_URL) releaseLock = lockDataDir(env.DATA_DIR);
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      err(`A running SoleSwap server (pid ${error.pid}) holds the embedded database in ${error.dataDir}.`);
      err('The embedded database can be opened by one process at a time: stop the server, back up, start it again.');
      err('(With PostgreSQL, DATABASE_URL, backups run while the server runs.)');
      return 1;
    }
    throw error;
  }

  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: path.join(env.DATA_DIR, 'pglite'), poolSize: 1 });
  try {
    await runMigrations(database);
    const ctx = createContext(env, database);
    let contents;
    if (database.kind === 'pglite') {
      contents = await readBackupContents(ctx);
      const dump = await database.pglite!.dumpDataDir('gzip');
      writeFileSync(path.join(folder, PGLITE_FILE), Buffer.from(await dump.arrayBuffer()));
    } else {
      // The counts and pg_dump read one exported snapshot, so the manifest describes exactly what
      // the dump holds even while the server keeps writing.
      const dumped = await dumpPostgres(ctx, env.DATABASE_URL!, path.join(folder, POSTGRES_FILE));
      if (typeof dumped === 'string') {
        err(dumped);
        return 1;
      }
      contents = dumped;
    }
    // Uploads are stored under their content hash and never rewritten, so copying them after the
    // database snapshot keeps every image the snapshot refers to.
    const uploads = uploadsDir(env.DATA_DIR);
    if (existsSync(uploads)) cpSync(uploads, path.join(folder, UPLOADS_DIR), { recursive: true });
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      kind: database.kind,
      createdAt: new Date().toISOString(),
      contents,
    };
    writeFileSync(path.join(folder, MANIFEST_FILE), JSON.stringify(manifest, null, 2) + '\n');
    out(`Backup written to ${folder}`);
    out(describeContents(manifest));
    if (!contents.ledgerValid) err('Warning: the ledger did not verify when this backup was taken.');
    return 0;
  } finally {
    await database.close();
    releaseLock();
  }
}

export function describeContents(manifest: BackupManifest): string {
  const where = manifest.kind === 'pglite' ? 'embedded database' : 'PostgreSQL';
  return `  ${where}: ${describeCounts(manifest.contents.counts)}; ledger ${manifest.contents.ledgerValid ? 'verifies' : 'DOES NOT VERIFY'}`;
}

async function dumpPostgres(ctx: AppContext, databaseUrl: string, file: string): Promise<BackupContents | string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const snapshot = await client.query<{ id: string }>('select pg_export_snapshot() as id');
    const db = drizzlePg({ client, schema }) as unknown as Db;
    const contents = await readBackupContents({ ...ctx, db }, ctx);
    const dump = spawnSync('pg_dump', ['--format=custom', '--no-owner', `--snapshot=${snapshot.rows[0]!.id}`, '--file', file, databaseUrl], {
      encoding: 'utf8',
    });
    if (dump.error || dump.status !== 0) {
      return (
        `pg_dump failed: ${dump.error?.message ?? dump.stderr.trim()}\n` +
        'Install the PostgreSQL client tools (apt-get install postgresql-client) matching the server version.'
      );
    }
    return contents;
  } finally {
    await client.query('rollback').catch(() => undefined);
    await client.end();
  }
}

function parseBackupArgs(argv: string[]): { out?: string; help?: boolean } | string {
  if (argv.length === 0) return {};
  if (argv[0] === '--help' || argv[0] === '-h') return { help: true };
  if (argv[0] === '--out' && argv.length === 2 && argv[1]) return { out: argv[1] };
  return `Unexpected arguments: ${argv.join(' ')}`;
}

function stamp(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
}
