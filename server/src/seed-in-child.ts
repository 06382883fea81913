import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { runMigrations } from './db/migrate';
import type { Database } from './db/client';
import type { Env } from './env';
import { createContext } from './context';
import { hasStartupContentToSeed } from './modules/demo/seed-demo';
import { collectGarbage, seedWithOwnApp } from './seed-then-reopen';

/**
 * Set on the process that seeds a first start (main.ts): that process seeds the data directory
 * its parent holds, then exits. Not a setting of its own: nobody sets it by hand.
 */
export const SEED_CHILD_ENV = 'SOLESWAP_SEED_CHILD';

/**
 * A first start on the embedded database, as `npm start` runs it. When the data directory holds no
 * database yet, a child process (this same program, with SEED_CHILD_ENV) creates it (PGlite's
 * initdb), migrates it and seeds the catalogue and the demo, and exits; the server then opens the
 * finished database. Doing that work in the serving process left it at 322 MB resident after the
 * first start, where a restart on the same data is at about 210 MB: the instance that ran initdb,
 * the migrations and the seed grew its WebAssembly memory, the seed's 20 photos loaded libvips and
 * its threads' allocator arenas, and the seed's garbage grew V8's heap; a process gives none of it
 * back, where the child's memory leaves with it (docs/performance/first-minute.md).
 */
export async function createInChildIfNew(pgliteDir: string): Promise<void> {
  if (existsSync(path.join(pgliteDir, 'PG_VERSION'))) return;
  await runSeedChild();
}

/**
 * A start on an existing embedded database that still has content to seed (an empty catalogue, or
 * the demo while no member exists): the same child seeds it, between closing `database` and opening
 * it again. Returns the database to serve from: `database` itself when there is nothing to seed,
 * else the reopened instance (`database` is then closed).
 */
export async function seedInChildThenReopen(database: Database, { env, reopen }: { env: Env; reopen: () => Promise<Database> }): Promise<Database> {
  if (!(await hasStartupContentToSeed(createContext(env, database)))) return database;
  await database.close();
  await runSeedChild();
  const reopened = await reopen();
  collectGarbage();
  return reopened;
}

/** The child's whole work (main.ts, under SEED_CHILD_ENV): migrates, seeds what there is to seed, closes. */
export async function seedAsChild(database: Database, env: Env): Promise<void> {
  try {
    await runMigrations(database);
    await seedWithOwnApp(database, { env });
  } finally {
    await database.close();
  }
}

/** Runs this program again as the seeding child, with its node flags and environment. */
function runSeedChild(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, process.argv[1]!], {
      env: { ...process.env, [SEED_CHILD_ENV]: '1' },
      stdio: 'inherit',
    });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`seeding the first start failed (the seeding process ended with ${signal ?? `exit code ${code}`})`)),
    );
  });
}
