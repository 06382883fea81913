import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { MIGRATIONS_DIR } from '../server-paths';
import type { Database } from './client';

export { MIGRATIONS_DIR };

/** An arbitrary constant: several instances starting at once take turns migrating. */
const MIGRATION_LOCK_ID = 727274;

/** Applies the checked-in migrations (idempotent). */
export async function runMigrations(database: Database) {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, config);
    return;
  }
  await database.db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK_ID})`);
  try {
    await migratePg(database.db as unknown as NodePgDatabase, config);
  } finally {
    await database.db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`);
  }
}
