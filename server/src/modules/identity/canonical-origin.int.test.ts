import { describe, expect, it } from 'vitest';
import { TEST_ORIGIN, useTestApp } from '../../../test/test-app';
import { TestBrowser } from './test-browser';
import { TEST_PASSWORD, me, openSignInPage } from './test-sign-in-flow';

const LAN_ORIGIN = 'http://192.168.1.20:5000';

describe('sign-in from another allowed address than APP_ORIGIN', () => {
  const testApp = useTestApp({ APP_ORIGINS: LAN_ORIGIN });

  for (const other of ['http://127.0.0.1:5000', LAN_ORIGIN]) {
    it(`moves a visitor on ${other} to ${TEST_ORIGIN} first, where signing up completes`, async () => {
      const elsewhere = new TestBrowser(testApp().app, other);
      const start = await elsewhere.request('GET', '/api/login?returnTo=%2Ftrades');
      expect(start.res.statusCode).toBe(302);
      expect(start.res.headers.location).toBe(`${TEST_ORIGIN}/api/login?returnTo=%2Ftrades`);

      // The browser follows to the canonical origin and signs up there.
      const canonical = new TestBrowser(testApp().app, TEST_ORIGIN);
      const { uid } = await openSignInPage(canonical, String(start.res.headers.location));
      const email = `visitor-${new URL(other).hostname.replace(/\./g, '-')}@example.com`;
      const { res } = await canonical.postJson(`/idp/interaction/${uid}/signup`, { email, username: 'visitor', password: TEST_PASSWORD });
      const landed = await canonical.navigate(res.json().redirectTo);
      expect(landed.url.pathname).toBe('/trades');
      expect((await me(canonical)).body.email).toBe(email);
    });
  }

  it('never sends a browser to a Host it was not configured with', async () => {
    const stranger = new TestBrowser(testApp().app, 'http://evil.example');
    const start = await stranger.request('GET', '/api/login');
    expect(start.res.statusCode).toBe(302);
    // Sign-in starts at the configured provider as always, not at the forged host.
    expect(String(start.res.headers.location).startsWith(`${TEST_ORIGIN}/idp/auth?`)).toBe(true);
  });
});
