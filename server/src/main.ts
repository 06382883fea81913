import { createContext } from './context';
import { openDatabase } from './db/client';
import { limitHeapGrowthForEmbeddedDatabase } from './db/embedded-memory';
import { lockDataDir } from './db/data-dir-lock';
import { runMigrations } from './db/migrate';
import { convertLegacyLedger } from './modules/ledger/convert-legacy-ledger';
import { moveDisputePhotosToPrivate } from './modules/trades/move-dispute-photos';
import { updateLockHashOfTrade } from './modules/trades/trade-records';
import { EnvError, loadEnv } from './env';
import { buildApp } from './app';
import { startBackgroundWork } from './start-background-work';
import { seedThenReopen } from './seed-then-reopen';
import { createInChildIfNew, SEED_CHILD_ENV, seedAsChild, seedInChildThenReopen } from './seed-in-child';
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
  const pgliteDir = path.join(env.DATA_DIR, 'pglite');
  const open = () => openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir, poolSize: env.DATABASE_POOL_SIZE });
  // The child a first start on the embedded database creates and seeds it in (seed-in-child.ts):
  // its parent holds the data directory's lock.
  if (process.env[SEED_CHILD_ENV] === '1') {
    await seedAsChild(await open(), env);
    process.exit(0);
  }
  let releaseLock = () => {};
  if (!env.DATABASE_URL) {
    releaseLock = lockDataDir(env.DATA_DIR);
    limitHeapGrowthForEmbeddedDatabase();
    await createInChildIfNew(pgliteDir);
    mark('createdInChild');
  }
  const opened = await open();
  mark('databaseOpen');
  await runMigrations(opened);
  mark('migrated');
  const ledger = await convertLegacyLedger(opened.db, updateLockHashOfTrade);
  mark('ledgerChecked');
  // Dispute photos that were public before they became private (migration 0063), moved before any request.
  const disputePhotos = await moveDisputePhotosToPrivate(opened.db, env.DATA_DIR);
  // Embedded: what is left to seed is seeded in a child process, then the server reopens the
  // database, keeping none of the memory the seed grew (seed-in-child.ts). PostgreSQL seeds in process.
  const database =
    opened.kind === 'pglite' ? await seedInChildThenReopen(opened, { env, reopen: open }) : await seedThenReopen(opened, { env, reopen: open });
  if (database !== opened) mark('seededAndReopened');
  const ctx = createContext(env, database);
  const app = await buildApp(ctx);
  mark('appBuilt');
  if (ledger.converted > 0) app.log.info(`Ledger: ${ledger.converted} entries rewritten into the public form`);
  if (disputePhotos.moved > 0) app.log.info(`Dispute photos: ${disputePhotos.moved} moved out of /uploads/ into the private folder`);
  if (disputePhotos.missing.length > 0) app.log.warn({ urls: disputePhotos.missing }, 'Dispute photos: no file to move for these');
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
