import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import {
  adminUrl,
  dropDatabasesOfEndedRuns,
  holdTestRunLock,
  newTestRunId,
  openTestDatabase,
  testDatabaseName,
  testDatabaseStem,
  testRunId,
} from './test-database';

async function databaseNames(): Promise<string[]> {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    return (await admin.query<{ datname: string }>('select datname from pg_database')).rows.map((r) => r.datname);
  } finally {
    await admin.end();
  }
}

async function createDatabase(name: string) {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
}

/**
 * Two suites against one PostgreSQL server (two machines' CI, or two engineers) must not drop each
 * other's databases: names follow DATABASE_URL's database and the run, and leftovers are dropped
 * only once their run's lock is free.
 */
describe('test databases on a shared PostgreSQL server', () => {
  const own = openTestDatabase();
  afterAll(async () => (await own).close());

  it("are named after DATABASE_URL's database and this run", async () => {
    expect(testDatabaseStem('postgres://root@127.0.0.1:5432/My-CI Test')).toBe('my_ci_test');
    const url = new URL((await own).url!);
    const stem = testDatabaseStem();
    expect(url.pathname.slice(1)).toMatch(new RegExp(`^${stem}_t_${testRunId()}_[0-9a-f]{8}$`));
  });

  it("leaves another live run's databases alone and drops those of a run that ended", async () => {
    const otherRun = newTestRunId();
    const release = await holdTestRunLock(otherRun);
    const othersDatabase = testDatabaseName(otherRun);
    const deadDatabase = testDatabaseName(newTestRunId());
    await createDatabase(othersDatabase);
    await createDatabase(deadDatabase);
    try {
      const dropped = await dropDatabasesOfEndedRuns();
      expect(dropped).toContain(deadDatabase);
      expect(dropped).not.toContain(othersDatabase);
      const names = await databaseNames();
      expect(names).toContain(othersDatabase);
      expect(names).toContain(new URL((await own).url!).pathname.slice(1));
      expect(names).not.toContain(deadDatabase);
    } finally {
      await release();
    }
    // The other run ended: its leftover goes with the next clean-up.
    expect(await dropDatabasesOfEndedRuns()).toContain(othersDatabase);
    expect(await databaseNames()).not.toContain(othersDatabase);
  });
});
