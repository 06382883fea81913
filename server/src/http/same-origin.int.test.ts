import { describe, expect, it } from 'vitest';
import { TEST_ORIGIN, TestClient, useTestApp } from '../../test/test-app';

const MOBILE_ORIGIN = 'https://m.soleswap.example';

describe('cross-site request check', () => {
  // Behind a proxy, so the forwarded host and protocol headers are read too (and must not matter).
  const testApp = useTestApp({ APP_ORIGINS: `${MOBILE_ORIGIN},https://other.soleswap.example`, TRUST_PROXY: '1' });
  const join = (email: string, headers: Record<string, string>) =>
    new TestClient(testApp().app).post('/api/early-signup', { name: 'Sam', email }, headers);

  it('refuses another site even when it sends its own name as Host', async () => {
    const res = await join('evil@example.com', { origin: 'http://evil.example', host: 'evil.example' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: 'CSRF_REJECTED', message: 'Cross-site request rejected' });
  });

  it('refuses an origin that only matches the Host header', async () => {
    const res = await join('host@example.com', { origin: 'http://localhost:8080', host: 'localhost:8080' });
    expect(res.status).toBe(403);
  });

  it('accepts the configured APP_ORIGIN whatever the Host', async () => {
    const res = await join('own@example.com', { origin: TEST_ORIGIN, host: 'internal-name:5000' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
  });

  it('accepts an origin listed in APP_ORIGINS', async () => {
    const res = await join('mobile@example.com', { origin: MOBILE_ORIGIN });
    expect(res.status).toBe(200);
  });

  it('refuses another site that forges the forwarded host and protocol too', async () => {
    const res = await join('fwd@example.com', {
      origin: 'https://evil.example',
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('CSRF_REJECTED');
  });

  it('refuses a browser request without Origin whose Sec-Fetch-Site says cross-site or same-site', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const res = await join(`${site}@example.com`, { 'sec-fetch-site': site, host: 'evil.example' });
      expect(res.status, site).toBe(403);
    }
  });

  it('refuses Origin: null (a sandboxed frame or a privacy redirect) and an origin that only starts like ours', async () => {
    for (const origin of ['null', `${TEST_ORIGIN}.evil.example`, `${TEST_ORIGIN}:81`]) {
      const res = await join('odd@example.com', { origin });
      expect(res.status, origin).toBe(403);
    }
  });

  it('refuses cross-site PUT and DELETE as well as POST', async () => {
    const client = new TestClient(testApp().app);
    for (const method of ['PUT', 'DELETE', 'PATCH'] as const) {
      const res = await client.request(method, '/api/sneakers/1', method === 'DELETE' ? undefined : {}, { origin: 'http://evil.example' });
      expect(res.status, method).toBe(403);
    }
  });

  it('lets a same-origin browser request without Origin through (Sec-Fetch-Site: same-origin)', async () => {
    const res = await join('same@example.com', { 'sec-fetch-site': 'same-origin' });
    expect(res.status).toBe(200);
  });
});
