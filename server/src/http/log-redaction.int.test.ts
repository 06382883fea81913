import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createContext } from '../context';
import type { Database } from '../db/client';
import { sessions } from '../db/schema/index';
import { loadEnv } from '../env';
import { TestBrowser } from '../modules/identity/test-browser';
import { openSignInPage } from '../modules/identity/test-sign-in-flow';
import { openTestDatabase } from '../../test/test-database';

const SESSION_SECRET = 'log-check-session-secret-0123456789-abcdefghij';
const PASSWORD = 'quartz-lantern-meadow-97';
const CARD = '4242424242424242';
const CLIENT_IP = '203.0.113.77';
const DUPLICATE_SID = 'sid-in-a-failed-query-71d3';

/**
 * Every line the server logs at the most verbose level, for requests that carry each kind of
 * secret: none may hold a password, session id or cookie, token, card number, SESSION_SECRET or
 * a full client address (see docs/reliability.md).
 */
/** Production cookies are Secure, so the server is reached as over https, through a trusted proxy. */
const TEST_ORIGIN = 'https://localhost:5000';

describe('what the server log holds', () => {
  const lines: string[] = [];
  let app: FastifyInstance;
  let database: Database;
  let dataDir: string;
  const secrets: Record<string, string> = {
    password: PASSWORD,
    card: CARD,
    SESSION_SECRET,
    'client address': CLIENT_IP,
    'session id in a failed query': DUPLICATE_SID,
    'token in a failed query': 'id-token-in-a-failed-query',
  };

  beforeAll(async () => {
    database = await openTestDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), 'soleswap-log-test-'));
    const env = loadEnv({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      SESSION_SECRET,
      APP_ORIGIN: TEST_ORIGIN,
      TRUST_PROXY: '1',
      SEED_DEMO: '0',
      LOG_LEVEL: 'trace',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    });
    app = await buildApp(createContext(env, database), { logStream: { write: (line) => void lines.push(line) } });
    app.get('/api/test-only/boom', async () => {
      throw new Error('the handler broke');
    });
    // A failed query whose parameters hold a session: Drizzle's error message repeats them.
    app.get('/api/test-only/query-boom', async () => {
      const row = { sid: DUPLICATE_SID, sess: { idToken: 'id-token-in-a-failed-query' }, expire: new Date(Date.now() + 60_000) };
      await database.db.insert(sessions).values(row);
      await database.db.insert(sessions).values(row);
    });
    await app.ready();
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('holds no secret after sign-up, sign-in, a card payment, credentials in headers and a server error', async () => {
    const headers = { 'x-forwarded-for': CLIENT_IP };
    // Sign up with a password, through the whole code flow (its callback URL carries code and state).
    const ann = new TestBrowser(app, TEST_ORIGIN);
    const { uid } = await openSignInPage(ann);
    const signedUp = await ann.postJson(`/idp/interaction/${uid}/signup`, { email: 'ann@example.com', username: 'ann', password: PASSWORD });
    expect(signedUp.res.statusCode).toBe(200);
    const landed = await ann.navigate(signedUp.res.json().redirectTo);
    const callback = landed.visited.find((u) => u.startsWith('/api/callback?'));
    expect(callback).toBeTruthy();
    const callbackQuery = new URL(callback!, TEST_ORIGIN).searchParams;
    secrets['authorization code'] = callbackQuery.get('code')!;
    secrets['OpenID state'] = callbackQuery.get('state')!;
    const cookie = ann.cookie('soleswap.sid')!;
    expect(cookie).toBeTruthy();
    secrets['session cookie'] = decodeURIComponent(cookie);
    secrets['session id'] = decodeURIComponent(cookie).split('.')[0]!;

    // Sign in again with the password, from a client behind a proxy.
    const bo = new TestBrowser(app, TEST_ORIGIN);
    const login = await openSignInPage(bo);
    const signedIn = await bo.request('POST', `/idp/interaction/${login.uid}/login`, { email: 'ann@example.com', password: PASSWORD }, headers);
    expect(signedIn.res.statusCode).toBe(200);

    // Pay with a card through the sandbox.
    const created = await ann.request('POST', '/api/create-membership-payment', {}, { origin: TEST_ORIGIN, ...headers });
    expect(created.res.statusCode).toBe(200);
    const paid = await ann.request(
      'POST',
      '/api/payments/sandbox/confirm',
      { paymentIntentId: created.res.json().paymentIntentId, cardNumber: CARD, expMonth: '12', expYear: '2040', cvc: '737' },
      { origin: TEST_ORIGIN, ...headers },
    );
    expect(paid.res.statusCode).toBe(200);

    // Credentials in headers and in query strings, and a server error.
    secrets['bearer token'] = 'bearer-token-6f2c91d0';
    secrets['query token'] = 'query-token-5b8e77aa';
    const boom = await app.inject({
      method: 'GET',
      url: `/api/test-only/boom?token=${secrets['query token']}`,
      headers: { ...headers, authorization: `Bearer ${secrets['bearer token']}`, cookie: `soleswap.sid=${cookie}` },
    });
    expect(boom.statusCode).toBe(500);
    expect((await app.inject({ method: 'GET', url: '/api/test-only/query-boom', headers })).statusCode).toBe(500);
    const confirm = await app.inject({ method: 'GET', url: `/idp/confirm-email?token=${secrets['query token']}`, headers });
    expect(confirm.statusCode).toBe(400);

    // The log did record these requests, at every level, and the error with its stack.
    const text = lines.join('');
    expect(text).toContain('"url":"/api/test-only/boom?token=[REDACTED]"');
    expect(text).toContain('the handler broke');
    expect(text).toContain('"type":"DrizzleQueryError"');
    expect(text).toContain('params: [REDACTED]: duplicate key value violates unique constraint');
    expect(text).toContain('"errorCode":"23505"');
    expect(text).toContain('"remoteAddress":"203.0.113.0"');
    expect(text).toMatch(/"url":"\/api\/callback\?[^"]*code=\[REDACTED\]/);
    for (const [what, value] of Object.entries(secrets)) {
      expect(value.length, what).toBeGreaterThan(5);
      const line = lines.find((l) => l.includes(value));
      expect(line, `the ${what} appears in: ${line}`).toBeUndefined();
    }
  });
});
