import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TestClient, useTestApp } from '../../test/test-app';

const webDist = mkdtempSync(path.join(tmpdir(), 'soleswap-web-'));
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><head><title>SoleSwap</title></head><div id="root"></div>');
writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log(1)');
mkdirSync(path.join(webDist, '.vite'));
writeFileSync(
  path.join(webDist, '.vite', 'manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/app.js', isEntry: true },
    'src/app/pages/home-page.tsx': { file: 'assets/home-page.js', imports: ['index.html'] },
    'src/app/layout/nav-bar.tsx': { file: 'assets/nav-bar.js', imports: ['index.html'] },
    'src/app/pages/visitor-home-route.tsx': { file: 'assets/visitor-home.js', imports: ['index.html'] },
  }),
);

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

  it("names the first page's lazy chunks in the shell: a member's home and app bar, or a visitor's page", async () => {
    const client = new TestClient(testApp().app);
    const asVisitor = await client.get('/');
    expect(asVisitor.headers.vary).toContain('cookie');
    expect(asVisitor.headers['cache-control']).toBe('no-cache');
    expect(String(asVisitor.body)).toContain('<link rel="modulepreload" crossorigin href="/assets/visitor-home.js">');
    expect(String(asVisitor.body)).not.toContain('nav-bar');

    const asMember = await testApp().app.inject({ method: 'GET', url: '/', headers: { cookie: 'soleswap.sid=anything' } });
    expect(asMember.statusCode).toBe(200);
    expect(asMember.body).toContain('href="/assets/home-page.js"');
    expect(asMember.body).toContain('href="/assets/nav-bar.js"');
    expect(asMember.body).not.toContain('visitor-home');

    const otherMemberPage = await testApp().app.inject({ method: 'GET', url: '/wants?tab=1', headers: { cookie: 'soleswap.sid=anything' } });
    expect(otherMemberPage.body).toContain('href="/assets/nav-bar.js"');
    expect(otherMemberPage.body).not.toContain('home-page');
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
