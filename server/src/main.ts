import { createContext } from './context';
import { openDatabase } from './db/client';
import { lockDataDir } from './db/data-dir-lock';
import { runMigrations } from './db/migrate';
import { convertLegacyLedger } from './modules/ledger/convert-legacy-ledger';
import { EnvError, loadEnv } from './env';
import { buildApp } from './app';
import { startBackgroundWork } from './start-background-work';
import path from 'node:path';

async function main() {
  const env = loadEnv();
  let releaseLock = () => {};
  if (!env.DATABASE_URL) releaseLock = lockDataDir(env.DATA_DIR);
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    pgliteDir: path.join(env.DATA_DIR, 'pglite'),
  });
  await runMigrations(database);
  const ledger = await convertLegacyLedger(database.db);
  const ctx = createContext(env, database);
  const app = await buildApp(ctx);
  if (ledger.converted > 0) app.log.info(`Ledger: ${ledger.converted} entries rewritten into the public form`);
  if (ledger.brokenAt !== null) {
    app.log.error(`Ledger: entry #${ledger.brokenAt} does not verify; the old-form entries were left unconverted`);
  }
  const stopBackground = await startBackgroundWork(ctx, app.log);

  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    stopBackground();
    await app.close();
    await database.close();
    releaseLock();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: env.PORT, host: env.HOST });
  app.log.info(`SoleSwap is up on ${env.APP_ORIGIN} (database: ${database.kind})`);
}

main().catch((error) => {
  if (error instanceof EnvError) {
    console.error(error.message);
  } else {
    console.error(error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
