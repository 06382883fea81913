import path from 'node:path';
import { createContext, type AppContext } from '../context';
import { openDatabase } from '../db/client';
import { lockDataDir } from '../db/data-dir-lock';
import { runMigrations } from '../db/migrate';
import type { Env } from '../env';

export interface OpenedDatabase {
  ctx: AppContext;
  close(): Promise<void>;
}

/**
 * Opens the database the server would use with this environment, the way the server does:
 * PostgreSQL with DATABASE_URL, else PGlite under DATA_DIR behind its lock file (PGlite cannot be
 * shared between processes, so a running server makes this throw DataDirInUseError). Pending
 * migrations are applied, so a command run before the first start sees the current tables.
 */
export async function openConfiguredDatabase(env: Env): Promise<OpenedDatabase> {
  const releaseLock = env.DATABASE_URL ? () => {} : lockDataDir(env.DATA_DIR);
  try {
    const database = await openDatabase({
      databaseUrl: env.DATABASE_URL,
      pgliteDir: path.join(env.DATA_DIR, 'pglite'),
      poolSize: 1,
    });
    try {
      await runMigrations(database);
    } catch (error) {
      await database.close();
      throw error;
    }
    return {
      ctx: createContext(env, database),
      close: async () => {
        await database.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}
