import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema/index';
import { TestBrowser } from '../modules/identity/test-browser';
import { openSignInPage, TEST_PASSWORD } from '../modules/identity/test-sign-in-flow';
import { TEST_ORIGIN, TestClient, useTestApp } from '../../test/test-app';

const WEB_INDEX = path.resolve(import.meta.dirname, '../../../web/index.html');

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: unknown): Map<string, string[]> {
  return new Map(
    String(header ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

/** The sid inside a signed session cookie value (`<sid>.<signature>`). */
const sidOf = (cookieValue: string) => decodeURIComponent(cookieValue).split('.')[0]!;

describe('Content-Security-Policy', () => {
  // The app shell served from a web build whose index.html is the web client's own.
  const webDist = mkdtempSync(path.join(tmpdir(), 'soleswap-csp-'));
  writeFileSync(path.join(webDist, 'index.html'), readFileSync(WEB_INDEX, 'utf8'));
  const testApp = useTestApp({ WEB_DIST_DIR: webDist });
  afterAll(() => rmSync(webDist, { recursive: true, force: true }));

  it('allows scripts only from our origin, never inline, on pages and API answers alike', async () => {
    const client = new TestClient(testApp().app);
    for (const url of ['/', '/trades', '/api/health']) {
      const res = await client.get(url);
      const csp = directives(res.headers['content-security-policy']);
      expect(csp.get('script-src'), url).toEqual(["'self'"]);
      expect(csp.get('script-src-attr'), url).toEqual(["'none'"]);
      expect(csp.get('object-src'), url).toEqual(["'none'"]);
      expect(csp.get('base-uri'), url).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors'), url).toEqual(["'self'"]);
      expect(csp.get('default-src'), url).toEqual(["'self'"]);
    }
  });

  it('serves an app shell whose every script is a file, so the policy needs no inline allowance', async () => {
    const res = await new TestClient(testApp().app).get('/');
    expect(res.status).toBe(200);
    const html = String(res.body);
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc=/);
      expect(body!.trim()).toBe('');
    }
    // No inline event handlers either (script-src-attr 'none' would block them).
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  });
});

describe('the session cookie', () => {
  const testApp = useTestApp();

  it('is HttpOnly, SameSite=Lax and Path=/ (not Secure on a plain-http origin)', async () => {
    const res = await testApp().app.inject({
      method: 'POST',
      url: '/api/debug/force-auth',
      payload: { email: 'flags@example.com', username: 'flags' },
    });
    const cookie = res.cookies.find((c) => c.name === 'soleswap.sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
  });

  it('is rotated at sign-in: the pre-login session is destroyed, the new id signs in', async () => {
    const { app, ctx } = testApp();
    // Starting a login stores the pending OpenID state in a session of its own.
    const started = await app.inject({ method: 'GET', url: '/api/login' });
    const before = started.cookies.find((c) => c.name === 'soleswap.sid')!.value;
    expect(
      await ctx.db
        .select()
        .from(sessions)
        .where(eq(sessions.sid, sidOf(before))),
    ).toHaveLength(1);

    const signedIn = await app.inject({
      method: 'POST',
      url: '/api/debug/force-auth',
      headers: { cookie: `soleswap.sid=${before}` },
      payload: { email: 'rotate@example.com', username: 'rotate' },
    });
    expect(signedIn.statusCode).toBe(200);
    // The answer clears the old cookie, then sets the new one.
    const after = signedIn.cookies.filter((c) => c.name === 'soleswap.sid').at(-1)!.value;
    expect(after).not.toBe('');
    expect(sidOf(after)).not.toBe(sidOf(before));
    expect(
      await ctx.db
        .select()
        .from(sessions)
        .where(eq(sessions.sid, sidOf(before))),
    ).toHaveLength(0);
    const [row] = await ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.sid, sidOf(after)));
    expect((row?.sess as { userId?: string }).userId).toBe(signedIn.json().user.id);

    // The old cookie signs nobody in.
    const withOld = await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: `soleswap.sid=${before}` } });
    expect(withOld.statusCode).toBe(401);
  });

  it('is rotated by the real sign-in through the provider too', async () => {
    const { app, ctx } = testApp();
    const browser = new TestBrowser(app, TEST_ORIGIN);
    const { uid } = await openSignInPage(browser);
    const before = browser.cookie('soleswap.sid')!;
    const { res } = await browser.postJson(`/idp/interaction/${uid}/signup`, {
      email: 'real@example.com',
      username: 'real',
      password: TEST_PASSWORD,
    });
    await browser.navigate(res.json().redirectTo);
    const after = browser.cookie('soleswap.sid')!;
    expect(sidOf(after)).not.toBe(sidOf(before));
    expect(
      await ctx.db
        .select()
        .from(sessions)
        .where(eq(sessions.sid, sidOf(before))),
    ).toHaveLength(0);
    expect((await browser.request('GET', '/api/auth/user')).res.statusCode).toBe(200);
  });

  it('is destroyed at logout: the row is gone, the cookie cleared, and replaying it signs nobody in', async () => {
    const { app, ctx } = testApp();
    const signedIn = await app.inject({ method: 'POST', url: '/api/debug/force-auth', payload: { email: 'bye@example.com', username: 'bye' } });
    const value = signedIn.cookies.find((c) => c.name === 'soleswap.sid')!.value;
    const cookie = `soleswap.sid=${value}`;
    expect((await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(200);

    const out = await app.inject({ method: 'POST', url: '/api/logout', headers: { cookie, origin: TEST_ORIGIN } });
    expect(out.statusCode).toBe(204);
    const cleared = out.cookies.find((c) => c.name === 'soleswap.sid');
    expect(cleared?.value ?? '').toBe('');
    expect(cleared?.expires && cleared.expires.getTime() <= Date.now()).toBe(true);
    expect(
      await ctx.db
        .select()
        .from(sessions)
        .where(eq(sessions.sid, sidOf(value))),
    ).toHaveLength(0);
    expect((await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(401);
  });
});

describe('the session cookie on an https origin', () => {
  const testApp = useTestApp({ APP_ORIGIN: 'https://soleswap.example' });

  it('is Secure as well', async () => {
    const res = await testApp().app.inject({
      method: 'POST',
      url: '/api/debug/force-auth',
      headers: { origin: 'https://soleswap.example' },
      payload: { email: 'secure@example.com', username: 'secure' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'soleswap.sid')).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
  });
});
