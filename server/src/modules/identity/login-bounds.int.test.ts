import { MINUTE_MS } from '@soleswap/contracts/time';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TEST_ORIGIN, useTestApp } from '../../../test/test-app';
import { sessions } from '../../db/schema/index';
import { SESSION_MAX_AGE_MS } from '../../http/auth';
import { LOGINS_PER_MINUTE, PRE_LOGIN_SESSION_MS } from './identity.routes';
import { TestBrowser } from './test-browser';
import { me, signUp } from './test-sign-in-flow';

/** Starting a sign-in is cheap for a visitor and bounded for an attacker (issue #26). */
describe('GET /api/login', () => {
  const testApp = useTestApp();
  const login = (remoteAddress: string) => testApp().app.inject({ method: 'GET', url: '/api/login', remoteAddress });
  /** Milliseconds from now until the stored session of a Set-Cookie expires. */
  const storedLifetime = async (setCookie: string) => {
    const sid = decodeURIComponent(/soleswap\.sid=([^;]+)/.exec(setCookie)![1]!).replace(/\.[^.]+$/, '');
    const rows = await testApp()
      .ctx.db.select({ expire: sessions.expire })
      .from(sessions)
      .where(sql`${sessions.sid} = ${sid}`);
    expect(rows).toHaveLength(1);
    return rows[0]!.expire.getTime() - Date.now();
  };

  it('keeps a visitor’s pre-login session (PKCE state only) for minutes, not a week', async () => {
    const res = await login('192.0.2.10');
    expect(res.statusCode).toBe(302);
    const setCookie = String(res.headers['set-cookie']);
    const lifetime = await storedLifetime(setCookie);
    expect(lifetime).toBeGreaterThan(PRE_LOGIN_SESSION_MS - MINUTE_MS);
    expect(lifetime).toBeLessThanOrEqual(PRE_LOGIN_SESSION_MS);
    expect(PRE_LOGIN_SESSION_MS).toBeLessThanOrEqual(15 * MINUTE_MS);
    // The browser forgets the cookie as soon as the server forgets the session.
    const expires = Date.parse(/Expires=([^;]+)/i.exec(setCookie)![1]!);
    expect(expires - Date.now()).toBeLessThanOrEqual(PRE_LOGIN_SESSION_MS);
  });

  it('gives the member a week once the sign-in finishes', async () => {
    const browser = new TestBrowser(testApp().app, TEST_ORIGIN);
    await signUp(browser, { email: 'lena@example.com', username: 'lena_bounds' });
    const { body: user } = await me(browser);
    const rows = await testApp()
      .ctx.db.select({ expire: sessions.expire })
      .from(sessions)
      .where(sql`${sessions.sess}->>'userId' = ${user.id}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.expire.getTime() - Date.now()).toBeGreaterThan(SESSION_MAX_AGE_MS - MINUTE_MS);
  });

  it(`starts ${LOGINS_PER_MINUTE} sign-ins a minute from one address, then answers 429 and writes no more sessions`, async () => {
    const countSessions = async () => (await testApp().ctx.db.select({ sid: sessions.sid }).from(sessions)).length;
    const before = await countSessions();
    for (let i = 0; i < LOGINS_PER_MINUTE; i++) expect((await login('192.0.2.20')).statusCode).toBe(302);
    for (let i = 0; i < 5; i++) {
      const refused = await login('192.0.2.20');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect(refused.headers['set-cookie']).toBeUndefined();
    }
    expect(await countSessions()).toBe(before + LOGINS_PER_MINUTE);
    expect((await login('192.0.2.21')).statusCode).toBe(302);
  });
});
