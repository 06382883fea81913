import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKind } from '../test/test-database';
import { TEST_ORIGIN } from '../test/test-app';
import { openDatabase, type Database } from './db/client';
import { catalogReleases, notifications, users } from './db/schema/index';
import { loadEnv } from './env';
import { DEMO_MEMBERS } from './modules/demo/demo-members';
import { seedThenReopen } from './seed-then-reopen';

const dataDir = mkdtempSync(path.join(tmpdir(), 'soleswap-seed-reopen-'));
const env = loadEnv({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  SESSION_SECRET: 'test-secret-test-secret-test-secret-0123456789',
  APP_ORIGIN: TEST_ORIGIN,
  SEED_DEMO: '1',
  LOG_LEVEL: 'silent',
  WEB_DIST_DIR: path.join(dataDir, 'no-web'),
});
const open: Database[] = [];
afterAll(async () => {
  for (const database of open) await database.close().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

const rowsIn = async (database: Database, table: typeof users | typeof catalogReleases | typeof notifications) =>
  (await database.db.select({ n: count() }).from(table))[0]!.n;

// Each database project registers only the test of its own kind (nothing is skipped in the other).
if (testDatabaseKind() === 'pglite')
  describe('the first start on the embedded database', () => {
    // Seeding the whole demo into a data directory on disk: minutes on a busy machine.
    it('seeds the demo, then serves from a new PGlite instance on the same data; a restart reopens nothing', { timeout: 240_000 }, async () => {
      // A new data directory, migrated (from the test template) as main.ts leaves it before seeding.
      const template = await openTestDatabase();
      const dump = await template.pglite!.dumpDataDir('gzip');
      await template.close();
      const pgliteDir = path.join(dataDir, 'pglite');
      const first = await openDatabase({ pgliteDir, loadDataDir: dump });
      open.push(first);
      const reopen = async () => {
        const database = await openDatabase({ pgliteDir });
        open.push(database);
        return database;
      };

      const serving = await seedThenReopen(first, { env, reopen, appOptions: { logger: false } });

      // The instance that seeded is closed (its WebAssembly memory goes with it); the server gets another one.
      expect(serving).not.toBe(first);
      expect(first.pglite!.closed).toBe(true);
      expect(serving.pglite!.closed).toBe(false);
      // ...which reads what the seed wrote: the catalogue, the demo members, and the notifications
      // the demo trades' events left (the seed ran with the modules' listeners).
      expect(await rowsIn(serving, catalogReleases)).toBe(100);
      expect(await rowsIn(serving, users)).toBe(DEMO_MEMBERS.length);
      expect(await rowsIn(serving, notifications)).toBeGreaterThan(0);

      // A restart finds everything seeded: the same instance, still open.
      const restarted = await seedThenReopen(serving, { env, reopen, appOptions: { logger: false } });
      expect(restarted).toBe(serving);
      expect(serving.pglite!.closed).toBe(false);
      expect(await rowsIn(serving, users)).toBe(DEMO_MEMBERS.length);
    });
  });

if (testDatabaseKind() === 'postgres')
  describe('the first start on PostgreSQL', () => {
    it('seeds the demo and keeps the same connection pool', { timeout: 240_000 }, async () => {
      const database = await openTestDatabase();
      open.push(database);
      const reopen = () => Promise.reject(new Error('PostgreSQL is never reopened'));

      const serving = await seedThenReopen(database, { env, reopen, appOptions: { logger: false } });

      expect(serving).toBe(database);
      expect(await rowsIn(serving, catalogReleases)).toBe(100);
      expect(await rowsIn(serving, users)).toBe(DEMO_MEMBERS.length);
      expect(await rowsIn(serving, notifications)).toBeGreaterThan(0);
    });
  });
