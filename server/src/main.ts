import { createContext } from './context';
import { openDatabase } from './db/client';
import { limitHeapGrowthForEmbeddedDatabase } from './db/embedded-memory';
import { lockDataDir } from './db/data-dir-lock';
import { runMigrations } from './db/migrate';
import { convertLegacyLedger } from './modules/ledger/convert-legacy-ledger';
import { updateLockHashOfTrade } from './modules/trades/trade-records';
import { EnvError, loadEnv } from './env';
import { buildApp } from './app';
import { startBackgroundWork } from './start-background-work';
import { seedThenReopen } from './seed-then-reopen';
import path from 'node:path';

/** The longest a shutdown may take before the process exits anyway. */
const SHUTDOWN_LIMIT_MS = 10_000;
/** How long a running job may go on after a shutdown signal before it is handed back to the queue. */
const JOB_GRACE_MS = 7_000;

async function main() {
  // Where start-up time goes, logged with the "is up" line (ms since the process started).
  const phases: Record<string, number> = { imported: Math.round(performance.now()) };
  const mark = (phase: string) => (phases[phase] = Math.round(performance.now()));
  const env = loadEnv();
  let releaseLock = () => {};
  if (!env.DATABASE_URL) {
    releaseLock = lockDataDir(env.DATA_DIR);
    limitHeapGrowthForEmbeddedDatabase();
  }
  const open = () =>
    openDatabase({
      databaseUrl: env.DATABASE_URL,
      pgliteDir: path.join(env.DATA_DIR, 'pglite'),
    });
  const opened = await open();
  mark('databaseOpen');
  await runMigrations(opened);
  mark('migrated');
  const ledger = await convertLegacyLedger(opened.db, updateLockHashOfTrade);
  mark('ledgerChecked');
  // Embedded: a first start seeds here and serves from a reopened instance, so the server does not
  // keep the WebAssembly memory the seed grew (seed-then-reopen.ts).
  const database = opened.kind === 'pglite' ? await seedThenReopen(opened, { env, reopen: open }) : opened;
  if (database !== opened) mark('seededAndReopened');
  const ctx = createContext(env, database);
  const app = await buildApp(ctx);
  mark('appBuilt');
  if (ledger.converted > 0) app.log.info(`Ledger: ${ledger.converted} entries rewritten into the public form`);
  if (ledger.brokenAt !== null) {
    app.log.error(`Ledger: entry #${ledger.brokenAt} does not verify; the old-form entries were left unconverted`);
  }
  const stopBackground = await startBackgroundWork(ctx, app.log);
  mark('seeded');

  // SIGTERM/SIGINT: stop taking requests, finish those in flight, end live streams with a
  // reconnect hint, let a running job finish (or hand it back), then exit; never after more than
  // SHUTDOWN_LIMIT_MS. A second Ctrl-C exits at once.
  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    const hardExit = setTimeout(() => {
      app.log.error(`shutdown did not finish within ${SHUTDOWN_LIMIT_MS / 1000} s: exiting`);
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS);
    hardExit.unref();
    try {
      await Promise.all([stopBackground(JOB_GRACE_MS), app.close()]);
      await database.close();
      releaseLock();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: env.PORT, host: env.HOST });
  mark('listening');
  const cpu = process.cpuUsage();
  app.log.info(
    { startupMs: phases, startupCpuMs: Math.round((cpu.user + cpu.system) / 1000) },
    `SoleSwap is up on ${env.APP_ORIGIN} (database: ${database.kind})`,
  );
}

main().catch((error) => {
  if (error instanceof EnvError) {
    console.error(error.message);
  } else {
    console.error(error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
