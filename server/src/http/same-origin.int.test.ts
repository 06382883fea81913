import { describe, expect, it } from 'vitest';
import { TEST_ORIGIN, TestClient, useTestApp } from '../../test/test-app';

const MOBILE_ORIGIN = 'https://m.soleswap.example';

describe('cross-site request check', () => {
  const testApp = useTestApp({ APP_ORIGINS: `${MOBILE_ORIGIN},https://other.soleswap.example` });
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
});
