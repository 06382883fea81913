import pg from 'pg';

/** The benchmark's own database beside the one DATABASE_URL names (BENCH_DATABASE changes it), created on first use. */
export const BENCH_DATABASE = process.env.BENCH_DATABASE ?? 'soleswap_bench';

export async function ensureBenchDatabase(baseUrl: string): Promise<string> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [BENCH_DATABASE]);
    if (!exists.rowCount) await admin.query(`create database "${BENCH_DATABASE}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${BENCH_DATABASE}`;
  return url.toString();
}
