import { describe, expect, it } from 'vitest';
import { TEST_ORIGIN, useTestApp } from '../../../test/test-app';
import { ensureUserByEmail } from '../users/ensure-user';
import { confirmationLink } from './email-confirmation';
import { ensureLocalAccount } from './local-accounts';
import { findLocalAccountByEmail } from './local-accounts.repository';
import { TestBrowser } from './test-browser';
import { TEST_PASSWORD as PASSWORD, me, openSignInPage, signIn, signUp } from './test-sign-in-flow';

describe('sign-in through the embedded OpenID provider', () => {
  const testApp = useTestApp({ ADMIN_EMAILS: 'boss@example.com' });
  const browser = () => new TestBrowser(testApp().app, TEST_ORIGIN);

  it('signs up a new member through the whole code flow and lands home signed in', async () => {
    const ann = browser();
    const landed = await signUp(ann, { email: 'Ann@Example.com', username: 'ann_kicks', firstName: 'Ann' });
    expect(landed.visited.some((u) => u.startsWith('/api/callback?'))).toBe(true);
    expect(landed.url.pathname + landed.url.search).toBe('/');
    const user = await me(ann);
    expect(user.status).toBe(200);
    expect(user.body).toMatchObject({ email: 'ann@example.com', username: 'ann_kicks', firstName: 'Ann', role: 'member' });
  });

  it('signs the same member in again with e-mail and password', async () => {
    const first = browser();
    await signUp(first, { email: 'bo@example.com', username: 'bo' });
    const { body: created } = await me(first);

    const second = browser();
    const landed = await signIn(second, 'BO@example.com');
    expect(landed.url.pathname).toBe('/');
    const { status, body } = await me(second);
    expect(status).toBe(200);
    expect(body.id).toBe(created.id);
    expect(body.username).toBe('bo');
  });

  it('refuses a wrong password or an unknown e-mail with the same answer, and signs nobody in', async () => {
    await signUp(browser(), { email: 'cy@example.com', username: 'cy' });
    const visitor = browser();
    const { uid } = await openSignInPage(visitor);
    const wrong = await visitor.postJson(`/idp/interaction/${uid}/login`, { email: 'cy@example.com', password: 'not-my-password-1' });
    const unknown = await visitor.postJson(`/idp/interaction/${uid}/login`, { email: 'nobody@example.com', password: PASSWORD });
    for (const { res } of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'INVALID_CREDENTIALS', message: 'Wrong e-mail or password' });
    }
    expect((await me(visitor)).status).toBe(401);
  });

  it('refuses to sign up an e-mail that already has an account', async () => {
    await signUp(browser(), { email: 'dee@example.com', username: 'dee' });
    const other = browser();
    const { uid } = await openSignInPage(other);
    const { res } = await other.postJson(`/idp/interaction/${uid}/signup`, {
      email: 'Dee@Example.com',
      username: 'dee2',
      password: 'another-fine-passphrase',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('EMAIL_TAKEN');
    expect((await me(other)).status).toBe(401);
  });

  it('refuses a weak password and says so on the password field', async () => {
    const visitor = browser();
    const { uid } = await openSignInPage(visitor);
    for (const password of ['password123', 'eve-the-sneakerhead']) {
      const { res } = await visitor.postJson(`/idp/interaction/${uid}/signup`, { email: 'eve@example.com', username: 'eve', password });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('WEAK_PASSWORD');
      expect(res.json().fields.password).toBeTruthy();
    }
    // Too short is already caught by the shared schema, with the same field.
    const { res } = await visitor.postJson(`/idp/interaction/${uid}/signup`, { email: 'eve@example.com', username: 'eve', password: 'short' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.password).toMatch(/at least 10/);
  });

  it('logs out of the app and of the provider, so the next login asks for the password again', async () => {
    const fay = browser();
    await signUp(fay, { email: 'fay@example.com', username: 'fay' });
    expect((await me(fay)).status).toBe(200);

    // The web app posts, then goes where the answer says: the provider's logout.
    const out = await fay.request('POST', '/api/logout', undefined, { origin: TEST_ORIGIN, accept: 'application/json' });
    expect(out.res.statusCode).toBe(200);
    const { redirectTo } = out.res.json() as { redirectTo: string };
    expect(new URL(redirectTo).pathname).toBe('/idp/session/end');
    expect((await me(fay)).status).toBe(401);
    const { res: page, url } = await fay.navigate(redirectTo);
    expect(url.pathname).toBe('/idp/session/end');
    expect(page.statusCode).toBe(200);
    // The confirmation submits itself: its inline script is allowed by hash in the CSP.
    expect(String(page.headers['content-security-policy'])).toMatch(/script-src [^;]*'sha256-/);
    expect(page.body).toContain('.submit()');
    // Without it (helmet says no-referrer) browsers post the form with `Origin: null`, which the CSRF check refuses.
    expect(page.headers['referrer-policy']).toBe('same-origin');
    // Submit the form as the script would: every hidden field, as rendered.
    const action = /action="([^"]+)"/.exec(page.body)![1]!;
    const fields = new URLSearchParams(
      [...page.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m): [string, string] => [m[1]!, m[2]!]),
    );
    expect(fields.get('logout')).toBe('yes');
    const confirm = await fay.request('POST', action, fields.toString(), {
      origin: TEST_ORIGIN,
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(confirm.res.headers.location).toBe(`${TEST_ORIGIN}/`);

    expect((await me(fay)).status).toBe(401);
    const again = await fay.navigate('/api/login');
    expect(again.url.pathname).toMatch(/^\/idp\/interaction\//);
  });

  it('logs out API clients with POST /api/logout, naming the provider logout they may visit', async () => {
    const gus = browser();
    await signUp(gus, { email: 'gus@example.com', username: 'gus' });
    const { res } = await gus.request('POST', '/api/logout', undefined, { origin: TEST_ORIGIN });
    expect(res.statusCode).toBe(200);
    expect(res.json().redirectTo).toContain('/idp/session/end');
    expect((await me(gus)).status).toBe(401);
    // Signed out already: nothing left to end.
    const again = await gus.request('POST', '/api/logout', undefined, { origin: TEST_ORIGIN });
    expect(again.res.statusCode).toBe(204);
  });

  it('never signs out on a GET: an <img> or link from another site leaves the member signed in', async () => {
    const hugo = browser();
    await signUp(hugo, { email: 'hugo@example.com', username: 'hugo' });
    const attempts: Array<Record<string, string>> = [
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-dest': 'image', accept: 'image/*' },
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', accept: 'text/html' },
      {},
    ];
    for (const headers of attempts) {
      const { res } = await hugo.request('GET', '/api/logout', undefined, headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers.location).toBeUndefined();
      expect((await me(hugo)).status).toBe(200);
    }
    // A cross-site POST is refused by the same-origin check, and changes nothing either.
    const forged = await hugo.request('POST', '/api/logout', undefined, { origin: 'https://evil.example' });
    expect(forged.res.statusCode).toBe(403);
    expect(forged.res.json().code).toBe('CSRF_REJECTED');
    expect((await me(hugo)).status).toBe(200);
  });

  it('signs out from the GET page with its button: the form posts and is sent on to the provider logout', async () => {
    const iris = browser();
    await signUp(iris, { email: 'iris@example.com', username: 'iris' });
    const { res: page } = await iris.navigate('/api/logout');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    // The page lets the form's post carry our Origin (no-referrer would send `Origin: null`).
    expect(page.headers['referrer-policy']).toBe('same-origin');
    expect(page.body).toMatch(/<form method="post" action="\/api\/logout">/);
    const posted = await iris.request('POST', '/api/logout', '', { origin: TEST_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' });
    expect(posted.res.statusCode).toBe(303);
    expect(new URL(String(posted.res.headers.location)).pathname).toBe('/idp/session/end');
    expect((await me(iris)).status).toBe(401);
  });

  it('sends a callback with a tampered or missing state to /?login=failed, never a 500', async () => {
    const hal = browser();
    const { uid } = await openSignInPage(hal);
    const { res } = await hal.postJson(`/idp/interaction/${uid}/signup`, { email: 'hal@example.com', username: 'hal', password: PASSWORD });
    const resume = await hal.request('GET', res.json().redirectTo);
    const callback = new URL(String(resume.res.headers.location));
    expect(callback.pathname).toBe('/api/callback');
    callback.searchParams.set('state', 'forged-state');
    const tampered = await hal.request('GET', callback.pathname + callback.search);
    expect(tampered.res.statusCode).toBe(302);
    expect(tampered.res.headers.location).toBe('/?login=failed');
    expect((await me(hal)).status).toBe(401);

    const stranger = browser();
    const noState = await stranger.request('GET', '/api/callback?code=abc&state=def');
    expect(noState.res.headers.location).toBe('/?login=failed');
  });

  it('gives the browser a new session id at login', async () => {
    const ivy = browser();
    const start = await ivy.request('GET', '/api/login');
    const before = ivy.cookie('soleswap.sid');
    expect(before).toBeTruthy();
    const { uid } = await openSignInPage(ivy, String(start.res.headers.location));
    const { res } = await ivy.postJson(`/idp/interaction/${uid}/signup`, { email: 'ivy@example.com', username: 'ivy', password: PASSWORD });
    await ivy.navigate(res.json().redirectTo);
    expect((await me(ivy)).status).toBe(200);
    expect(ivy.cookie('soleswap.sid')).not.toBe(before);
  });

  it('makes an ADMIN_EMAILS account an admin only once its address is confirmed', async () => {
    const boss = browser();
    await signUp(boss, { email: 'boss@example.com', username: 'boss' });
    expect((await me(boss)).body.role).toBe('member');
    const account = await findLocalAccountByEmail(testApp().ctx.db, 'boss@example.com');
    const confirm = await boss.navigate(confirmationLink(testApp().ctx, account!));
    expect(confirm.res.statusCode).toBe(200);
    // The provider still knows this browser: signing in again needs no password, and carries the confirmation.
    await boss.navigate('/api/login');
    expect((await me(boss)).body.role).toBe('admin');
  });

  it('returns to a same-site path after login, and ignores one pointing elsewhere', async () => {
    const jo = browser();
    await signUp(jo, { email: 'jo@example.com', username: 'jo' });
    const back = await jo.navigate('/api/login?returnTo=%2Ftrades%3Ftab%3Dopen');
    expect(back.url.pathname + back.url.search).toBe('/trades?tab=open');
    for (const evil of ['//evil.example/x', '/\\evil.example', 'https://evil.example/']) {
      const landed = await jo.navigate(`/api/login?returnTo=${encodeURIComponent(evil)}`);
      expect(landed.url.pathname + landed.url.search).toBe('/');
    }
  });

  it('describes the interaction to the sign-in page, and 404s an unknown one', async () => {
    const kim = browser();
    const { uid, page } = await openSignInPage(kim);
    expect(page.res.statusCode).toBe(200);
    expect(String(page.res.headers['content-type'])).toMatch(/text\/html/);
    const details = await kim.request('GET', `/idp/interaction/${uid}/details`);
    expect(details.res.json()).toEqual({ uid, prompt: 'login' });

    const unknown = await kim.request('GET', '/idp/interaction/not-a-real-uid/details');
    expect(unknown.res.statusCode).toBe(404);
    expect(unknown.res.json().code).toBe('NOT_FOUND');
  });

  it('slows down sign-up floods from one address', async () => {
    const flooder = browser();
    const { uid } = await openSignInPage(flooder);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const { res } = await flooder.postJson(`/idp/interaction/${uid}/signup`, {
        email: `f${i}@example.com`,
        username: `f${i}`,
        password: 'password123',
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json().code).toBe('RATE_LIMITED');
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it('lets a seeded demo account sign in to its member, and seeding twice changes nothing', async () => {
    const seed = { email: 'demo@example.com', password: 'demo-pass-1234', username: 'demo_dan', firstName: 'Dan' };
    // The seeder makes the member first, then the account it signs in with.
    const member = await ensureUserByEmail(testApp().ctx, { email: seed.email, username: seed.username, firstName: 'Dan' });
    const first = await ensureLocalAccount(testApp().ctx, seed);
    const again = await ensureLocalAccount(testApp().ctx, { ...seed, password: 'another-password-99' });
    expect(again.id).toBe(first.id);
    const dan = browser();
    await signIn(dan, 'demo@example.com', 'demo-pass-1234');
    expect((await me(dan)).body).toMatchObject({ id: member.id, username: 'demo_dan', firstName: 'Dan' });
  });
});
