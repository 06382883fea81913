import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app';
import { createContext } from '../src/context';
import { openDatabase, type Database } from '../src/db/client';
import { createTestApp, type TestApp } from './test-app';

export interface SecondInstance {
  app: FastifyInstance;
  close(): Promise<void>;
}

/**
 * A second server instance on instance A's PostgreSQL database, as behind a load balancer: the
 * same environment, but its own pool, context, caches and listener. (PGlite is one process by design.)
 */
export async function openSecondInstance(instanceA: TestApp): Promise<SecondInstance> {
  const url = (instanceA.ctx.database as Database & { url?: string }).url;
  if (!url) throw new Error('the test database has no URL');
  const database = await openDatabase({ databaseUrl: url, poolSize: 5 });
  const app = await buildApp(createContext(instanceA.ctx.env, database), { logger: false });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export interface TwoInstances {
  instanceA: TestApp;
  appB: FastifyInstance;
}

/**
 * Registers beforeAll/afterAll for a test file on two instances of one database (instance A a
 * whole test app on its fresh database, B its second instance) and hands back a getter.
 * `beforeClose` runs first when the file is done (closing streams the tests left open).
 */
export function useTwoInstances(envOverrides: Record<string, string> = {}, { beforeClose }: { beforeClose?: () => void } = {}): () => TwoInstances {
  let instanceA: TestApp | undefined;
  let instanceB: SecondInstance | undefined;
  beforeAll(async () => {
    instanceA = await createTestApp(envOverrides);
    instanceB = await openSecondInstance(instanceA);
  }, 60_000);
  afterAll(async () => {
    beforeClose?.();
    await instanceB?.close();
    await instanceA?.close();
  });
  return () => {
    if (!instanceA || !instanceB) throw new Error('the two instances are not started');
    return { instanceA, appB: instanceB.app };
  };
}
