import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Logger } from 'drizzle-orm/logger';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { trackTransactions } from './open-transactions';
import { PglitePreparedStatements } from './pglite-prepared-statements';
import { ScopedPool } from './request-statements';
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
 * is resident in our process from the first second whatever the data. 16 MB holds the demo's whole
 * database (its tables and indexes are about 8 MB, the catalogues a few more; the other 16 MB of
 * `base/` are the template databases, never read), and pages beyond it come from the operating
 * system's file cache. 32 MB cost 18 MB more resident memory for nothing the demo reads, and the
 * embedded server's peak under `bench:api` is within its 300 MB only with it at 16
 * (docs/performance/embedded-memory.md).
 */
export const PGLITE_SHARED_BUFFERS = '16MB';

/** PGlite with the extensions our migrations create and our buffer pool size. */
export function pgliteOptions() {
  return {
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  };
}

const asText = (value: string) => value;
/**
 * The type parsers drizzle's PGlite driver hands with every query (dates, timestamps and intervals
 * stay text, drizzle maps them itself). Given to PGlite once instead: PGlite copies its whole parser
 * table (over 300 types) for each query that brings its own, a tenth of a small query's cost.
 */
const DRIZZLE_PARSERS = {
  [types.TIMESTAMP]: asText,
  [types.TIMESTAMPTZ]: asText,
  [types.INTERVAL]: asText,
  [types.DATE]: asText,
  1231: asText, // numeric[]
  1115: asText, // timestamp[]
  1185: asText, // timestamptz[]
  1187: asText, // interval[]
  1182: asText, // date[]
};

type Query = PGlite['query'];

/** A query function that drops the per-query parsers (the client already has them). */
function withoutQueryParsers(query: Query): Query {
  return ((text, params, options) => {
    if (!options?.parsers) return query(text, params, options);
    const { parsers: _parsers, ...rest } = options;
    return query(text, params, rest);
  }) as Query;
}

/**
 * The client drizzle is given: the PGlite instance, its queries (also in transactions) without
 * per-query parsers, each statement planned once (pglite-prepared-statements.ts).
 */
function drizzleClient(client: PGlite, statements: PglitePreparedStatements): PGlite {
  const query = statements.wrap(withoutQueryParsers(client.query.bind(client)), { inTransaction: false });
  const transaction = <T>(callback: (tx: Transaction) => Promise<T>) =>
    client.transaction((tx) => {
      const txQuery = statements.wrap(withoutQueryParsers(tx.query), { inTransaction: true });
      return callback(new Proxy(tx, { get: (target, property) => (property === 'query' ? txQuery : Reflect.get(target, property, target)) }));
    });
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') return query;
      if (property === 'transaction') return transaction;
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
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
    // Each statement runs under its request's statement_timeout, or none outside a request (request-statements.ts).
    const pool = new ScopedPool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    // numeric stays a string (decimal-safe); bigint (count(*)) becomes a number.
    pool.on('error', () => undefined);
    const db = trackTransactions(drizzlePg({ client: pool, schema, ...(opts.logger ? { logger: opts.logger } : {}) }) as unknown as Db);
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  const client = await PGlite.create(opts.pgliteDir ?? 'memory://', {
    ...pgliteOptions(),
    parsers: DRIZZLE_PARSERS,
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
  });
  // Parameters become literals only where a backslash in a string is an ordinary character.
  const { rows } = await client.query<{ standard_conforming_strings: string }>('show standard_conforming_strings');
  const statements = new PglitePreparedStatements(rows[0]?.standard_conforming_strings === 'on');
  const db = trackTransactions(
    drizzlePglite({
      client: drizzleClient(client, statements),
      schema,
      ...(opts.logger ? { logger: opts.logger } : {}),
    }) as unknown as Db,
  );
  return { db, kind: 'pglite', pglite: client, close: () => client.close() };
}

pg.types.setTypeParser(20, (v) => Number(v));
