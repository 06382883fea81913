import { prepareTemplate } from './test-database';

/** Builds the migrated templates once per run (vitest runs this before any db:* test file). */
export default async function setup() {
  await prepareTemplate('pglite');
  if (process.env.DATABASE_URL) await prepareTemplate('postgres');
}
