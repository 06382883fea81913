import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TestClient, useTestApp } from '../../test/test-app';

const webDist = mkdtempSync(path.join(tmpdir(), 'soleswap-web-'));
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>SoleSwap</title><div id="root"></div>');
writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log(1)');

describe('serving the built web client', () => {
  const testApp = useTestApp({ WEB_DIST_DIR: webDist });

  it('sends the app shell for client routes, including unknown ones', async () => {
    const client = new TestClient(testApp().app);
    for (const url of ['/', '/locker', '/profile/abc', '/no-such-page']) {
      const res = await client.get(url);
      expect(res.status).toBe(200);
      expect(String(res.body)).toContain('<title>SoleSwap</title>');
    }
    expect((await client.get('/assets/app.js')).status).toBe(200);
  });

  it('answers JSON 404 for unknown API paths', async () => {
    const res = await new TestClient(testApp().app).get('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
  });

  it('sends security headers', async () => {
    const res = await new TestClient(testApp().app).get('/');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
