import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Logger } from 'drizzle-orm/logger';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** The query builder services and repositories use; a transaction is assignable to it too. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The raw PGlite instance (pglite only): used for dumps in tests. */
  pglite?: PGlite;
  close(): Promise<void>;
}

/**
 * PGlite's buffer pool. PostgreSQL's default (128 MB) is written over while PGlite starts, so it
 * is resident in our process from the first second whatever the data; 32 MB holds the demo's
 * whole database, and pages beyond it come from the operating system's file cache.
 */
export const PGLITE_SHARED_BUFFERS = '32MB';

/** PGlite with the extensions our migrations create and our buffer pool size. */
export function pgliteOptions() {
  return {
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  };
}

/** Opens PostgreSQL when a URL is given, else PGlite (a data directory, or a dump to start from). */
export async function openDatabase(opts: {
  databaseUrl?: string;
  pgliteDir?: string;
  loadDataDir?: Blob | File;
  poolSize?: number;
  /** Sees every statement with its parameters (tests count and explain them). */
  logger?: Logger;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    // numeric stays a string (decimal-safe); bigint (count(*)) becomes a number.
    pool.on('error', () => undefined);
    const db = drizzlePg({ client: pool, schema, ...(opts.logger ? { logger: opts.logger } : {}) }) as unknown as Db;
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  const client = await PGlite.create(opts.pgliteDir ?? 'memory://', {
    ...pgliteOptions(),
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
  });
  const db = drizzlePglite({ client, schema, ...(opts.logger ? { logger: opts.logger } : {}) }) as unknown as Db;
  return { db, kind: 'pglite', pglite: client, close: () => client.close() };
}

pg.types.setTypeParser(20, (v) => Number(v));
