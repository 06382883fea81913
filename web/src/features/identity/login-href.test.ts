import { describe, expect, it } from 'vitest';
import { loginHref, sameSitePath } from './login-href';

describe('loginHref', () => {
  it('carries a same-site path back through sign-in', () => {
    expect(loginHref('/locker')).toBe('/api/login?returnTo=%2Flocker');
    expect(loginHref('/trades?tab=open#x')).toBe('/api/login?returnTo=%2Ftrades%3Ftab%3Dopen%23x');
    expect(loginHref('/')).toBe('/api/login');
    expect(loginHref()).toBe('/api/login');
  });

  it('drops anything that could send the browser to another site, or back into the sign-in flow', () => {
    for (const hostile of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      '/ok\nLocation: x',
      'locker',
      '/api/login?returnTo=%2Flocker',
      '/api/logout',
      '',
    ]) {
      expect(sameSitePath(hostile), hostile).toBeNull();
      expect(loginHref(hostile), hostile).toBe('/api/login');
    }
  });
});
