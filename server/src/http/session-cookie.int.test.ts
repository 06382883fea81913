import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createContext } from '../context';
import { useTestApp } from '../../test/test-app';
import { insecureOriginWarning, isSessionCookieSecure } from './session-cookie';

const PRODUCTION = { NODE_ENV: 'production', ENABLE_DEV_LOGIN: '1', TRUST_PROXY: '1', SESSION_SECRET: 'x'.repeat(40) };

/** The session cookie a dev login sets, as the browser receives it. */
async function sessionCookieOf(app: ReturnType<ReturnType<typeof useTestApp>>['app'], headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'POST', url: '/api/debug/force-auth', payload: { email: 'secure@example.com' }, headers });
  expect(res.statusCode).toBe(200);
  return res.cookies.find((c) => c.name === 'soleswap.sid');
}

describe('the session cookie in production on a plain-http APP_ORIGIN', () => {
  const testApp = useTestApp(PRODUCTION);

  it('is Secure (as the README says production does), so it is only ever sent over https', async () => {
    const overHttps = await sessionCookieOf(testApp().app, { 'x-forwarded-proto': 'https' });
    expect(overHttps?.secure).toBe(true);
    expect(overHttps?.httpOnly).toBe(true);
    // Even answering plain http: a browser there does not keep it, which the start-up warning says.
    expect((await sessionCookieOf(testApp().app))?.secure).toBe(true);
  });

  it('makes the server warn at start that nobody can stay signed in on plain http', async () => {
    const lines: string[] = [];
    const logStream = { write: (line: string) => void lines.push(line) };
    const { ctx } = testApp();
    const app = await buildApp(createContext({ ...ctx.env, LOG_LEVEL: 'warn' }, ctx.database), { logStream });
    await app.close();
    const warnings = lines.map((line) => JSON.parse(line) as { level: number; msg: string }).filter((entry) => entry.level === 40);
    expect(warnings.map((w) => w.msg)).toContainEqual(expect.stringContaining('plain-http APP_ORIGIN'));
  });
});

describe('the session cookie outside production', () => {
  const testApp = useTestApp();

  it('is not Secure on a plain-http development origin, and the start prints no warning', async () => {
    expect((await sessionCookieOf(testApp().app))?.secure).toBeFalsy();
    expect(insecureOriginWarning(testApp().ctx.env)).toBeNull();
  });
});

describe('isSessionCookieSecure', () => {
  it('is on in production whatever the origin, and on https anywhere', () => {
    expect(isSessionCookieSecure({ NODE_ENV: 'production', APP_ORIGIN: 'http://shop.example' })).toBe(true);
    expect(isSessionCookieSecure({ NODE_ENV: 'development', APP_ORIGIN: 'https://shop.example' })).toBe(true);
    expect(isSessionCookieSecure({ NODE_ENV: 'development', APP_ORIGIN: 'http://localhost:5000' })).toBe(false);
    expect(insecureOriginWarning({ NODE_ENV: 'production', APP_ORIGIN: 'https://shop.example' })).toBeNull();
  });
});
