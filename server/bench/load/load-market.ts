import pg from 'pg';
import { openDatabase } from '../../src/db/client';
import { runMigrations } from '../../src/db/migrate';
import { artworkUrl } from '../../src/modules/catalog/artwork-url';
import { upsertReleases } from '../../src/modules/catalog/catalog.repository';
import { CATALOG_RELEASES } from '../../src/modules/catalog/data/releases';
import { fillStoredMatches } from './stored-matches';
import { generateMarket, type LoadFixtures, type LoadOptions, type Progress, type Release } from './generate';

/** Every table the loader fills or that points at what it fills; emptied before a load. */
const MARKET_TABLES = [
  'users',
  'local_accounts',
  'sessions',
  'sneakers',
  'trades',
  'trade_events',
  'trade_ratings',
  'escrow_locks',
  'loops',
  'loop_legs',
  'loop_events',
  'matches',
  'member_matches',
  'match_refresh_queue',
  'messages',
  'conversations',
  'message_reads',
  'wants',
  'user_follows',
  'user_blocks',
  'price_snapshots',
  'notifications',
  'notification_preferences',
  'ledger_entries',
  'live_events',
  'idempotency_keys',
  'verification_runs',
  'reports',
  'image_uploads',
  'payments',
  'sandbox_payments',
  'admin_audit_log',
  'analytics_events',
];

/** Tables whose secondary indexes are dropped during the load and rebuilt after (faster than row by row). */
const BULK_TABLES = [
  'sneakers',
  'trades',
  'trade_events',
  'messages',
  'notifications',
  'price_snapshots',
  'ledger_entries',
  'user_follows',
  'wants',
  'message_reads',
];

export class LoadRefused extends Error {}

/**
 * Migrates the database at `databaseUrl`, fills the catalogue if empty, empties the market tables
 * (only with `reset`, or when they are already empty), generates the market with COPY, rebuilds
 * the dropped indexes and runs VACUUM ANALYZE. Returns the fixtures.
 */
export async function loadMarket(
  databaseUrl: string,
  options: LoadOptions & { reset: boolean; fillMatches?: boolean },
  progress: Progress,
  log: (line: string) => void = () => {},
): Promise<LoadFixtures> {
  const database = await openDatabase({ databaseUrl, poolSize: 2 });
  try {
    await runMigrations(database);
    await upsertReleases(database.db, CATALOG_RELEASES, new Date());
  } finally {
    await database.close();
  }

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: existing } = await client.query<{ n: number }>('select count(*)::int as n from users');
    if (existing[0]!.n > 0 && !options.reset) {
      throw new LoadRefused(
        `The database already has ${existing[0]!.n} members. Pass --reset to empty it first (this deletes every member and everything they made).`,
      );
    }
    await client.query(`truncate ${MARKET_TABLES.map((t) => `"${t}"`).join(', ')} restart identity cascade`);

    const { rows: releaseRows } = await client.query<{
      id: number;
      name: string;
      brand: string;
      model: string;
      colorway: string;
      style_code: string;
      retail_price: string;
      market_price: string;
      price_range_low: string;
      price_range_high: string;
      sizes: string[];
      palette: unknown;
    }>('select * from catalog_releases order by popularity_rank, id');
    const releases: Release[] = releaseRows.map((r) => ({
      id: r.id,
      name: r.name,
      brand: r.brand,
      model: r.model,
      colorway: r.colorway,
      styleCode: r.style_code,
      retailPrice: Number(r.retail_price),
      marketPrice: Number(r.market_price),
      low: Number(r.price_range_low),
      high: Number(r.price_range_high),
      sizes: r.sizes,
      artwork: artworkUrl(r),
    }));

    const { rows: indexes } = await client.query<{ indexname: string; indexdef: string }>(
      `select indexname, indexdef from pg_indexes
       where schemaname = 'public' and tablename = any($1)
         and indexname not in (select conname from pg_constraint)`,
      [BULK_TABLES],
    );
    for (const index of indexes) await client.query(`drop index "${index.indexname}"`);
    let fixtures: LoadFixtures;
    try {
      fixtures = await generateMarket(client, releases, options, progress);
    } finally {
      // Rebuilt even when the load fails, so the schema stays what the migrations made.
      const started = performance.now();
      await client.query(`set maintenance_work_mem = '256MB'`);
      for (const [i, index] of indexes.entries()) {
        progress('indexes', i, indexes.length);
        await client.query(index.indexdef);
      }
      progress('indexes', indexes.length, indexes.length);
      log(`rebuilt ${indexes.length} indexes in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    // VACUUM too, not only ANALYZE: COPY leaves the visibility map empty, and until a vacuum sets it
    // every index-only scan also reads the table (the benches check it: bench/vacuum-check.ts).
    const vacuumStarted = performance.now();
    await client.query('vacuum analyze');
    log(`vacuum analyze in ${((performance.now() - vacuumStarted) / 1000).toFixed(1)} s`);
    if (options.fillMatches === false) {
      // `--matches none`: nobody's stored matches are computed (at 1M that takes 30-80 min on two
      // cores) and the queue is emptied, so no server's refresh job works through it during a bench.
      const { rowCount } = await client.query('delete from match_refresh_queue');
      log(`stored matches not filled (--matches none): ${rowCount ?? 0} queued members dropped; matches.probe computes its own members'`);
      return fixtures;
    }
    // The stored matches, computed after the indexes and statistics the computation reads by.
    const matchesStarted = performance.now();
    const members = await fillStoredMatches(databaseUrl, progress);
    log(`stored matches of ${members} members in ${((performance.now() - matchesStarted) / 1000).toFixed(1)} s`);
    return fixtures;
  } finally {
    await client.end();
  }
}
