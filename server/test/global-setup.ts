import { holdTestRunLock, newTestRunId, prepareTemplate, RUN_ID_VARIABLE } from './test-database';

/**
 * Builds the migrated templates once per run (vitest runs this before any db:* test file). On
 * PostgreSQL the run gets an id, handed to the workers through the environment, and holds its
 * lock until the run ends, so another suite on the same server leaves this run's databases alone.
 */
export default async function setup() {
  await prepareTemplate('pglite');
  if (!process.env.DATABASE_URL) return;
  process.env[RUN_ID_VARIABLE] ??= newTestRunId();
  const release = await holdTestRunLock(process.env[RUN_ID_VARIABLE]);
  await prepareTemplate('postgres');
  return release;
}
