import pg from 'pg';

/** How far the bench pushes the next market clearing: past any bench run. */
const DEFER = '3 hours';

/**
 * Pushes the hourly `loops.clear` job (clearing the whole market: about a minute of both cores at
 * 1M listings, bench:match) past the benchmark, so it does not run inside the measured seconds:
 * a server queues every recurring job to run at once on its first start on a database. Only the
 * queued run is moved (one running now is left alone); its own figures come from bench:match.
 */
export async function deferMarketClearing(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `insert into jobs (kind, payload, unique_key, run_at) values ('loops.clear', '{}', 'loops.clear', now() + interval '${DEFER}')
       on conflict (unique_key) do update set run_at = greatest(jobs.run_at, excluded.run_at)
       where jobs.locked_at is null and jobs.done_at is null`,
    );
  } finally {
    await client.end();
  }
  console.error(`[bench] the market clearing (loops.clear) is deferred by ${DEFER}: it would otherwise run inside the measured runs`);
}
