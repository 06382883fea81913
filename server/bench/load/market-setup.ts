import type pg from 'pg';
import { copyRows } from './copy';
import { MAX_SNEAKERS_PER_MEMBER } from './distributions';
import type { LoadOptions, Progress, Release } from './load-types';
import type { CopyTable, MarketSetup } from './market-state';
import { Random, zipfTable } from './random';

export const DAY = 24 * 60 * 60 * 1000;

/** Checks the sizes asked for and makes what every stage shares: the seeded generator, the clock, the counting COPY. */
export function startMarket(client: pg.PoolClient | pg.Client, releases: Release[], options: LoadOptions, progress: Progress): MarketSetup {
  const { users, sneakers, seed } = options;
  if (users < 4) throw new Error('--users must be at least 4');
  if (sneakers > users * MAX_SNEAKERS_PER_MEMBER) throw new Error(`--sneakers can be at most 500 per member (${users * MAX_SNEAKERS_PER_MEMBER})`);
  if (sneakers < 20) throw new Error('--sneakers must be at least 20');
  const random = new Random(seed);
  const now = Date.now();
  const releaseZipf = zipfTable(releases.length);
  const counts: Record<string, number> = {};
  const copy: CopyTable = async (table, columns, total, rows) => {
    let done = 0;
    progress(table, 0, total);
    const written = await copyRows(client, table, columns, rows, () => {
      done++;
      if (done % 5000 === 0) progress(table, done, total);
    });
    progress(table, written, Math.max(total, written));
    counts[table] = (counts[table] ?? 0) + written;
    return written;
  };
  return { client, options, releases, random, now, releaseZipf, counts, copy };
}
