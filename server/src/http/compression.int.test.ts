import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildSneaker, buildUser } from '../../test/factories';
import { useTestApp } from '../../test/test-app';

const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const webDist = mkdtempSync(path.join(tmpdir(), 'soleswap-web-'));
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>SoleSwap</title><div id="root"></div>');
writeFileSync(path.join(webDist, 'assets', 'app-Hash123.js'), script);
// The build writes these copies next to each file (scripts/build-if-stale.mjs).
writeFileSync(path.join(webDist, 'assets', 'app-Hash123.js.gz'), gzipSync(script));

describe('compressed answers and caching', () => {
  const testApp = useTestApp({ WEB_DIST_DIR: webDist });

  it('sends a list answer gzip- or brotli-compressed to a browser that accepts it, and plain to one that does not', async () => {
    const { app, ctx } = testApp();
    const owner = await buildUser(ctx);
    for (let i = 0; i < 12; i++) await buildSneaker(ctx, { userId: owner.id });

    const plain = await app.inject({ method: 'GET', url: '/api/sneakers/public' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toHaveLength(12);

    const gzipped = await app.inject({ method: 'GET', url: '/api/sneakers/public', headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toContain('accept-encoding');
    expect(gzipped.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString('utf8'))).toEqual(plain.json());

    const brotli = await app.inject({ method: 'GET', url: '/api/sneakers/public', headers: { 'accept-encoding': 'gzip, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString('utf8'))).toEqual(plain.json());

    const refused = await app.inject({ method: 'GET', url: '/api/sneakers/public', headers: { 'accept-encoding': 'gzip;q=0' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('caches hashed assets for a year, sent as the build compressed them, and makes the app shell revalidate', async () => {
    const { app } = testApp();
    const asset = await app.inject({ method: 'GET', url: '/assets/app-Hash123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(asset.rawPayload).toString('utf8')).toBe(script);

    const plainAsset = await app.inject({ method: 'GET', url: '/assets/app-Hash123.js' });
    expect(plainAsset.headers['content-encoding']).toBeUndefined();
    expect(plainAsset.body).toBe(script);

    for (const url of ['/', '/index.html', '/locker']) {
      const shell = await app.inject({ method: 'GET', url });
      expect(shell.statusCode).toBe(200);
      expect(shell.headers['cache-control']).toBe('no-cache');
      expect(shell.body).toContain('<title>SoleSwap</title>');
    }
  });
});
