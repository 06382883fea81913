import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Logger } from 'drizzle-orm/logger';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app';
import { createContext, type AppContext } from '../src/context';
import { loadEnv } from '../src/env';
import { openTestDatabase } from './test-database';

export const TEST_ORIGIN = 'http://localhost:5000';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  close(): Promise<void>;
}

/** The whole app in-process on its own fresh database (Outline's getTestServer). */
export async function createTestApp(envOverrides: Record<string, string> = {}, { logger }: { logger?: Logger } = {}): Promise<TestApp> {
  const database = await openTestDatabase({ logger });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'soleswap-test-'));
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    APP_ORIGIN: TEST_ORIGIN,
    SEED_DEMO: '0',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    ...envOverrides,
  });
  const ctx = createContext(env, database);
  const app = await buildApp(ctx, { logger: false });
  await app.ready();
  return {
    app,
    ctx,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Registers beforeAll/afterAll for a test file and hands back a getter. */
export function useTestApp(envOverrides: Record<string, string> = {}, options: { logger?: Logger } = {}): () => TestApp {
  let testApp: TestApp | undefined;
  beforeAll(async () => {
    testApp = await createTestApp(envOverrides, options);
  }, 60_000);
  afterAll(async () => {
    await testApp?.close();
  });
  return () => {
    if (!testApp) throw new Error('test app not started');
    return testApp;
  };
}

/**
 * The default body type of test requests. Tests read answers field by field and assert on the
 * values, so typing every body would add nothing; a test that wants a type passes it as T.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the one deliberate loose type, see above
type LooseJson = any;

export interface ApiResponse<T = LooseJson> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | number | undefined>;
}

/** A tiny client over app.inject that keeps one member's session cookie. */
export class TestClient {
  cookie?: string;
  constructor(private readonly app: FastifyInstance) {}

  async request<T = LooseJson>(
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiResponse<T>> {
    const res = await this.app.inject({
      method,
      url,
      headers: { ...(this.cookie ? { cookie: this.cookie } : {}), ...headers },
      ...(payload !== undefined ? { payload: payload as InjectOptions['payload'] } : {}),
    });
    const setCookie = res.cookies.find((c) => c.name === 'soleswap.sid');
    if (setCookie) this.cookie = `soleswap.sid=${setCookie.value}`;
    const type = String(res.headers['content-type'] ?? '');
    return { status: res.statusCode, body: (type.includes('json') ? res.json() : res.body) as T, headers: res.headers };
  }
  get<T = LooseJson>(url: string, headers?: Record<string, string>) {
    return this.request<T>('GET', url, undefined, headers);
  }
  post<T = LooseJson>(url: string, payload?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', url, payload ?? {}, headers);
  }
  put<T = LooseJson>(url: string, payload?: unknown, headers?: Record<string, string>) {
    return this.request<T>('PUT', url, payload ?? {}, headers);
  }
  delete<T = LooseJson>(url: string, headers?: Record<string, string>) {
    return this.request<T>('DELETE', url, undefined, headers);
  }
}

/** A client signed in as the given member (created if missing) through the dev login. */
export async function signIn(
  app: FastifyInstance,
  who: { email: string; username?: string; role?: 'member' | 'admin' | 'inspector' },
): Promise<TestClient & { user: { id: string; email: string; username: string; role: string } }> {
  const client = new TestClient(app);
  const res = await client.post('/api/debug/force-auth', who);
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return Object.assign(client, { user: res.body.user });
}

/** Every statement the app runs, with its parameters, for tests that count or explain them. */
export class QueryLog implements Logger {
  entries: Array<{ sql: string; params: unknown[] }> = [];
  logQuery(sql: string, params: unknown[]): void {
    this.entries.push({ sql, params });
  }
  /** The statements since the last take, and forgets them. */
  take(): Array<{ sql: string; params: unknown[] }> {
    const taken = this.entries;
    this.entries = [];
    return taken;
  }
}
