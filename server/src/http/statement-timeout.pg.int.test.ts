import { rowsOf } from '../db/raw-rows';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ORIGIN } from '../../test/test-app';
import { openTestDatabase } from '../../test/test-database';
import { buildApp } from '../app';
import { createContext, type AppContext } from '../context';
import type { Database } from '../db/client';
import { loadEnv } from '../env';

/**
 * PostgreSQL: a request's statements run under DB_STATEMENT_TIMEOUT_MS (503 DB_TIMEOUT past it),
 * a request whose client goes away cancels its running statement, and work outside a request
 * (jobs, migrations) has no limit. The app gets two routes of its own that sleep in the database.
 */
describe('statement time limits on PostgreSQL', () => {
  let database: Database;
  let ctx: AppContext;
  let app: FastifyInstance;
  let dataDir: string;
  const rows = async <T>(query: ReturnType<typeof sql>) => ({ rows: rowsOf<T>(await ctx.db.execute(query)) });
  /** Backends of this test's database running a statement that contains `text`. */
  const running = async (text: string) =>
    (
      await rows<{ pid: number }>(
        sql`select pid from pg_stat_activity where datname = current_database() and state = 'active' and pid <> pg_backend_pid() and query like ${`%${text}%`}`,
      )
    ).rows;
  /** Looks again until `condition` holds; the test's own timeout bounds the wait (the sleep lasts 60 s). */
  const until = async (condition: () => Promise<boolean>) => {
    while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 50));
  };

  beforeAll(async () => {
    database = await openTestDatabase({});
    dataDir = mkdtempSync(path.join(tmpdir(), 'soleswap-test-'));
    const env = loadEnv({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      SESSION_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      APP_ORIGIN: TEST_ORIGIN,
      SEED_DEMO: '0',
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      DB_STATEMENT_TIMEOUT_MS: '1000',
    });
    ctx = createContext(env, database);
    app = await buildApp(ctx, { logger: false });
    app.get('/test/sleep', async () => {
      await ctx.db.execute(sql`select pg_sleep(3) as slept_past_the_limit`);
      return { slept: true };
    });
    // Lifts the limit for its transaction, so only a cancel can end the 60 s sleep early.
    app.get('/test/sleep-unlimited', async () =>
      ctx.db.transaction(async (tx) => {
        await tx.execute(sql`set local statement_timeout = 0`);
        await tx.execute(sql`select pg_sleep(60) as abandoned_sleep`);
        return { slept: true };
      }),
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 DB_TIMEOUT when a statement of the request runs past DB_STATEMENT_TIMEOUT_MS', async () => {
    const res = await app.inject({ method: 'GET', url: '/test/sleep' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'DB_TIMEOUT', message: expect.stringContaining('took too long') });
    expect(await running('slept_past_the_limit')).toEqual([]);
    // The connection serves the next request as usual.
    const health = await app.inject({ method: 'GET', url: '/api/catalog/stats' });
    expect(health.statusCode).toBe(200);
  });

  it('gives work outside a request (jobs, migrations) no limit', async () => {
    const result = await rows<{ done: boolean }>(sql`select pg_sleep(1.5), true as done`);
    expect(result.rows[0]?.done).toBe(true);
  });

  it('cancels the running statement of a request whose client goes away', async () => {
    const { port } = app.server.address() as AddressInfo;
    const req = httpRequest({ host: '127.0.0.1', port, path: '/test/sleep-unlimited' });
    req.on('error', () => undefined);
    req.end();
    await until(async () => (await running('abandoned_sleep')).length === 1);

    req.destroy();
    await until(async () => (await running('abandoned_sleep')).length === 0);
    expect(await running('abandoned_sleep')).toEqual([]);
  });
});
