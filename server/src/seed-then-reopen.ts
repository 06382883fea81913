import v8 from 'node:v8';
import vm from 'node:vm';
import { buildApp, type BuildAppOptions } from './app';
import { createContext } from './context';
import type { Database } from './db/client';
import type { Env } from './env';
import { hasStartupContentToSeed, seedStartupContent } from './modules/demo/seed-demo';
import { seedDemoTrades } from './modules/trades/seed-demo-trades';

/**
 * A first start on the embedded database: seeds the catalogue and the demo (seedStartupContent)
 * before the serving app exists, then closes PGlite and opens it again with `reopen`.
 *
 * PGlite's WebAssembly memory grows while the seed's inserts run, and a WebAssembly memory never
 * shrinks: a server that went on serving from the instance that seeded stayed at about 499 MB
 * resident, where a restart on the same data is at 185 MB (docs/benchmarks.md "Memory"). The
 * reopened instance starts with a memory of its own; the old one is freed with its instance.
 *
 * The seed runs on an app of its own, built and closed here and never listening, so the modules'
 * event listeners (the demo trades' notifications) see the seed as they do in a running server.
 * A start with nothing to seed builds nothing and reopens nothing. `npm start` on the embedded
 * database seeds in a child process instead (seed-in-child.ts); this in-process form is the one
 * PostgreSQL uses.
 *
 * Returns the database to serve from: `database` itself when nothing was seeded or on PostgreSQL
 * (whose memory is not the server's), else the reopened instance (`database` is then closed).
 */
export async function seedThenReopen(
  database: Database,
  { env, reopen, appOptions }: { env: Env; reopen: () => Promise<Database>; appOptions?: BuildAppOptions },
): Promise<Database> {
  if (!(await seedWithOwnApp(database, { env, appOptions }))) return database;
  if (database.kind !== 'pglite') return database;
  await database.close();
  const reopened = await reopen();
  collectGarbage();
  return reopened;
}

/**
 * Seeds what a start has to seed (seedStartupContent) on an app of its own, built and closed here
 * and never listening. Returns whether there was anything to seed.
 */
export async function seedWithOwnApp(database: Database, { env, appOptions }: { env: Env; appOptions?: BuildAppOptions }): Promise<boolean> {
  const ctx = createContext(env, database);
  if (!(await hasStartupContentToSeed(ctx))) return false;
  const app = await buildApp(ctx, appOptions);
  try {
    await seedStartupContent(ctx, app.log, { seedDemoTrades });
  } finally {
    // Waits for the listeners' side work (app.ctx.events.idle()) before the database is closed.
    await app.close();
  }
  return true;
}

/**
 * One full garbage collection now. The closed instance's WebAssembly memory is unmapped only when
 * V8 collects the instance, and a server at rest may not run a full collection for a long time:
 * a first start measured 543 MB without this collection and 353 MB with it (docs/benchmarks.md, "Memory").
 */
export function collectGarbage(): void {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}
