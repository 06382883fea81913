import { defineConfig } from 'vitest/config';
import { scaledTimeout } from './scripts/test-timeouts.mjs';

/**
 * `*.pg.int.test.ts` files need a real PostgreSQL server (several instances, LISTEN across connections);
 * `*.redis.int.test.ts` files a Redis server (REDIS_URL), so they form their own project, which exists
 * only when REDIS_URL is set (as db:postgres only with DATABASE_URL).
 */
const dbProject = (name: string, env: Record<string, string>, exclude: string[] = []) => ({
  test: {
    name,
    include: ['server/**/*.int.test.ts'],
    exclude: ['node_modules/**', 'server/**/*.redis.int.test.ts', ...exclude],
    environment: 'node',
    globalSetup: ['server/test/global-setup.ts'],
    env,
    testTimeout: scaledTimeout(30_000),
    hookTimeout: scaledTimeout(60_000),
  },
});

/** Vitest's own defaults for the unit and web projects, times TEST_TIMEOUT_SCALE (scripts/test-timeouts.mjs). */
const FAST_TIMEOUTS = { testTimeout: scaledTimeout(5_000), hookTimeout: scaledTimeout(10_000) };

/**
 * unit: pure functions and schemas. web: components in jsdom. db:*: services and routes against a
 * real migrated database, on PGlite always and on PostgreSQL too when DATABASE_URL is set.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['contracts/src/**/*.test.ts', 'server/src/**/*.test.ts', 'server/bench/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', 'node_modules/**'],
          environment: 'node',
          ...FAST_TIMEOUTS,
        },
      },
      {
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // One MSW server and DOM cleanup for every web test file.
          setupFiles: ['web/src/test/setup.ts'],
          ...FAST_TIMEOUTS,
          // Testing Library's findBy and waitFor give up after this (its own default, 1 s, failed
          // tests on a busy machine while the page was still rendering); a test's own timeout stays
          // above it.
          env: { WEB_FIND_TIMEOUT_MS: String(scaledTimeout(3_000)) },
          testTimeout: scaledTimeout(10_000),
        },
      },
      dbProject('db:pglite', { TEST_DB: 'pglite' }, ['server/**/*.pg.int.test.ts']),
      ...(process.env.DATABASE_URL ? [dbProject('db:postgres', { TEST_DB: 'postgres' })] : []),
      ...(process.env.REDIS_URL
        ? [{ test: { ...dbProject('redis', { TEST_DB: 'pglite' }).test, include: ['server/**/*.redis.int.test.ts'], exclude: ['node_modules/**'] } }]
        : []),
    ],
  },
});
