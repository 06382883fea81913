import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_DIR } from '../server-paths';
import { useTestApp } from '../../test/test-app';

// The installable app's files as the build copies them from web/public (docs/rules/offline-and-push.md).
const webPublic = path.join(REPO_DIR, 'web', 'public');
const webDist = mkdtempSync(path.join(tmpdir(), 'soleswap-installable-'));
mkdirSync(path.join(webDist, 'icons'));
writeFileSync(path.join(webDist, 'index.html'), readFileSync(path.join(REPO_DIR, 'web', 'index.html')));
for (const file of [
  'sw.js',
  'manifest.webmanifest',
  'offline.html',
  'icons/icon-192.png',
  'icons/icon-512.png',
  'icons/maskable-192.png',
  'icons/maskable-512.png',
  'icons/apple-touch-icon.png',
]) {
  copyFileSync(path.join(webPublic, file), path.join(webDist, file));
}

describe('the installable app', () => {
  const testApp = useTestApp({ WEB_DIST_DIR: webDist });

  it('serves the service worker as JavaScript from the site root, revalidated on every use', async () => {
    const res = await testApp().app.inject({ method: 'GET', url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain("addEventListener('push'");
  });

  it('serves a web manifest an installing browser accepts: name, standalone, start page and 192/512 icons, one maskable', async () => {
    const res = await testApp().app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = res.json();
    expect(manifest).toMatchObject({ name: 'SoleSwap', display: 'standalone', start_url: '/', theme_color: '#0c0c0e' });
    const sizes = manifest.icons.map((icon: { sizes: string }) => icon.sizes);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((icon: { purpose: string }) => icon.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons as Array<{ src: string }>) {
      const file = await testApp().app.inject({ method: 'GET', url: icon.src });
      expect(file.statusCode, icon.src).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
    }
  });

  it('links the manifest and the iOS home-screen icon from every page', async () => {
    const res = await testApp().app.inject({ method: 'GET', url: '/trades' });
    expect(res.body).toContain('<link rel="manifest" href="/manifest.webmanifest"');
    expect(res.body).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png"');
    expect(res.body).toContain('name="apple-mobile-web-app-capable" content="yes"');
  });
});
