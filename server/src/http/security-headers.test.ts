import { describe, expect, it } from 'vitest';
import { helmetHeaders } from './security-headers';

describe("helmet's headers, computed once", () => {
  it('holds the policy we configure and leaves out what we switch off', () => {
    const headers = helmetHeaders({ contentSecurityPolicy: { directives: { 'img-src': ["'self'", 'data:'] } }, hsts: false });
    expect(headers['content-security-policy']).toContain("img-src 'self' data:");
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['strict-transport-security']).toBeUndefined();
    expect(helmetHeaders({})['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});
