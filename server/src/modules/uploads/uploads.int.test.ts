import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { TestClient, signIn, useTestApp } from '../../../test/test-app';

/** A multipart/form-data body with one file field, as a browser would send it. */
function multipart(filename: string, contentType: string, data: Buffer) {
  const boundary = '----soleswaptest';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A 2000x1000 PNG carrying EXIF saying "rotate 90°" and a camera make. */
function photo() {
  return sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#c8102e' } })
    .composite([{ input: { create: { width: 500, height: 500, channels: 3, background: '#111111' } }, left: 0, top: 0 }])
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Make: 'SecretCam' } })
    .png()
    .toBuffer();
}

describe('image uploads', () => {
  const testApp = useTestApp();

  it('turns a PNG into an upright WebP and a 400 px thumbnail, stripped of metadata and cached for a year', async () => {
    const { app } = testApp();
    const alice = await signIn(app, { email: 'uploader@example.com' });
    const body = multipart('kicks.png', 'image/png', await photo());
    const res = await alice.request('POST', '/api/uploads', body.payload, body.headers);
    expect(res.status).toBe(201);
    expect(res.body.imageUrl).toMatch(/^\/uploads\/[0-9a-f]{2}\/[0-9a-f]{32}\.webp$/);
    expect(res.body.thumbnailUrl).toBe(res.body.imageUrl.replace('.webp', '-400.webp'));

    const visitor = new TestClient(app);
    const image = await app.inject({ method: 'GET', url: res.body.imageUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    // The EXIF orientation was applied (2000x1000 landscape became portrait), then scaled to 1600 px.
    expect([meta.width, meta.height]).toEqual([800, 1600]);
    expect(meta.exif).toBeUndefined();
    expect(image.rawPayload.includes(Buffer.from('SecretCam'))).toBe(false);

    const thumb = await app.inject({ method: 'GET', url: res.body.thumbnailUrl });
    const thumbMeta = await sharp(thumb.rawPayload).metadata();
    expect(Math.max(thumbMeta.width!, thumbMeta.height!)).toBe(400);

    expect((await visitor.get('/uploads/ab/00000000000000000000000000000000.webp')).status).toBe(404);
  });

  it('takes a data URL as JSON and gives the same picture the same URL', async () => {
    const alice = await signIn(testApp().app, { email: 'uploader2@example.com' });
    const png = await sharp({ create: { width: 64, height: 64, channels: 4, background: '#00ff0080' } })
      .png()
      .toBuffer();
    const dataUrl = `data:image/png;base64,${png.toString('base64')}`;
    const first = await alice.post('/api/uploads', { dataUrl });
    const second = await alice.post('/api/uploads', { dataUrl });
    expect(first.status).toBe(201);
    expect(second.body.imageUrl).toBe(first.body.imageUrl);
  });

  it('refuses a text file dressed up as a PNG with 415', async () => {
    const alice = await signIn(testApp().app, { email: 'uploader3@example.com' });
    const body = multipart('kicks.png', 'image/png', Buffer.from('this is not an image, just text'));
    const res = await alice.request('POST', '/api/uploads', body.payload, body.headers);
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ code: 'UNSUPPORTED_MEDIA', message: 'Upload a JPEG, PNG, WebP, GIF or AVIF image' });
    const asDataUrl = await alice.post('/api/uploads', {
      dataUrl: `data:image/png;base64,${Buffer.from('<svg onload=alert(1)>').toString('base64')}`,
    });
    expect(asDataUrl.status).toBe(415);
  });

  it('refuses more than 8 MB with 413', async () => {
    const alice = await signIn(testApp().app, { email: 'uploader4@example.com' });
    const big = Buffer.alloc(8 * 1024 * 1024 + 1024, 1);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const body = multipart('huge.png', 'image/png', big);
    const res = await alice.request('POST', '/api/uploads', body.payload, body.headers);
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');

    const asDataUrl = await alice.post('/api/uploads', { dataUrl: `data:image/png;base64,${big.toString('base64')}` });
    expect(asDataUrl.status).toBe(413);
    expect(asDataUrl.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('asks visitors to sign in', async () => {
    const res = await new TestClient(testApp().app).post('/api/uploads', { dataUrl: 'data:image/png;base64,AAAA' });
    expect(res.status).toBe(401);
  });

  it('stores a sneaker photo sent as a data URL as a file, never in the row', async () => {
    const { app } = testApp();
    const alice = await signIn(app, { email: 'uploader5@example.com' });
    const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#222266' } })
      .jpeg()
      .toBuffer();
    const res = await alice.post('/api/sneakers', {
      name: 'Photo pair',
      brand: 'Nike',
      model: 'Dunk Low',
      size: '9',
      condition: '10',
      estimatedValue: '120',
      imageUrl: `data:image/jpeg;base64,${jpeg.toString('base64')}`,
    });
    expect(res.status).toBe(201);
    expect(res.body.imageUrl).toMatch(/^\/uploads\/.+\.webp$/);
    expect(res.body.thumbnailUrl).toMatch(/-400\.webp$/);
    expect((await app.inject({ method: 'GET', url: res.body.imageUrl })).statusCode).toBe(200);

    // Reusing the URL the upload endpoint returned works; an invented one does not.
    const reuse = await alice.put(`/api/sneakers/${res.body.id}`, { imageUrl: res.body.imageUrl, description: 'same photo' });
    expect(reuse.status).toBe(200);
    const invented = await alice.put(`/api/sneakers/${res.body.id}`, { imageUrl: '/uploads/ab/abababababababababababababababab.webp' });
    expect(invented.status).toBe(400);
    const removed = await alice.put(`/api/sneakers/${res.body.id}`, { imageUrl: null });
    expect(removed.body).toMatchObject({ imageUrl: null, thumbnailUrl: null });
  });
});
