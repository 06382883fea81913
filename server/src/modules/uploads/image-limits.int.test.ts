import { readdirSync } from 'node:fs';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn, useTestApp } from '../../../test/test-app';
import { uploadsDir } from './image-store';

const dataUrl = (bytes: Buffer, type = 'png') => `data:image/${type};base64,${bytes.toString('base64')}`;

function multipart(data: Buffer) {
  const boundary = '----soleswaplimits';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.png"\r\nContent-Type: image/png\r\n\r\n`);
  return {
    payload: Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const sneaker = (extra: Record<string, unknown> = {}) => ({
  name: 'Limit pair',
  brand: 'Nike',
  model: 'Dunk Low',
  size: '9',
  condition: '9',
  estimatedValue: '100',
  ...extra,
});

describe('image decoding limits', () => {
  const testApp = useTestApp();
  /** Every file under the uploads folder, to show a refused image left nothing behind. */
  const storedFiles = () => readdirSync(uploadsDir(testApp().ctx.env.DATA_DIR), { recursive: true }).map(String).sort();

  let bomb: Buffer;
  let small: Buffer;
  beforeAll(async () => {
    // 256 megapixels of one colour: a PNG of well under 1 MB that would take about 1 GB to decode.
    bomb = await sharp({ create: { width: 16000, height: 16000, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    small = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#c8102e' } })
      .png()
      .toBuffer();
  }, 120_000);

  it('refuses a 16000 × 16000 PNG on every route with 413 naming the limit, and stores nothing', async () => {
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const alice = await signIn(testApp().app, { email: 'bomber@example.com' });
    const before = storedFiles();

    const body = multipart(bomb);
    const upload = await alice.request('POST', '/api/uploads', body.payload, body.headers);
    expect(upload.status).toBe(413);
    expect(upload.body).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'This image is 16000 × 16000 pixels; images can be at most 40 megapixels. Make it smaller and try again.',
    });
    expect((await alice.post('/api/uploads', { dataUrl: dataUrl(bomb) })).status).toBe(413);

    const created = await alice.post('/api/sneakers', sneaker({ imageUrl: dataUrl(bomb) }));
    expect(created.status).toBe(413);
    expect(created.body.code).toBe('PAYLOAD_TOO_LARGE');
    expect((await alice.get(`/api/sneakers/user/${alice.user.id}`)).body).toEqual([]);

    const plain = await alice.post('/api/sneakers', sneaker());
    expect(plain.status).toBe(201);
    const edited = await alice.put(`/api/sneakers/${plain.body.id}`, { imageUrl: dataUrl(bomb) });
    expect(edited.status).toBe(413);
    expect((await alice.get(`/api/sneakers/${plain.body.id}`)).body).toMatchObject({ imageUrl: null, thumbnailUrl: null });

    expect(storedFiles()).toEqual(before);
  });

  it('answers 429 with Retry-After once a member has sent 10 images in a minute, on every image route', async () => {
    const { app } = testApp();
    const bob = await signIn(app, { email: 'busy-uploader@example.com' });
    for (let i = 0; i < 10; i++) {
      expect((await bob.post('/api/uploads', { dataUrl: dataUrl(small) })).status).toBe(201);
    }
    const refused = await bob.post('/api/uploads', { dataUrl: dataUrl(small) });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('RATE_LIMITED');
    expect(refused.body.message).toMatch(/^You can send at most 10 images a minute\. Please try again in \d+ seconds?\.$/);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // The same budget covers sneakers sent with a data URL; nothing is saved.
    const created = await bob.post('/api/sneakers', sneaker({ imageUrl: dataUrl(small) }));
    expect(created.status).toBe(429);
    expect(created.headers['retry-after']).toBeDefined();
    expect((await bob.get(`/api/sneakers/user/${bob.user.id}`)).body).toEqual([]);

    // A sneaker without a new image decodes nothing and is not held back.
    const plain = await bob.post('/api/sneakers', sneaker());
    expect(plain.status).toBe(201);
    expect((await bob.put(`/api/sneakers/${plain.body.id}`, { imageUrl: dataUrl(small) })).status).toBe(429);
    expect((await bob.put(`/api/sneakers/${plain.body.id}`, { description: 'still here' })).status).toBe(200);

    // The limit is per member.
    const carol = await signIn(app, { email: 'calm-uploader@example.com' });
    expect((await carol.post('/api/uploads', { dataUrl: dataUrl(small) })).status).toBe(201);
  });

  it('counts sneaker creations and edits with a data URL, even ones that turn out not to be images', async () => {
    const dave = await signIn(testApp().app, { email: 'data-url-sender@example.com' });
    const notAnImage = dataUrl(Buffer.from('just text, not a picture'));
    const plain = await dave.post('/api/sneakers', sneaker());
    for (let i = 0; i < 5; i++) {
      expect((await dave.post('/api/sneakers', sneaker({ imageUrl: notAnImage }))).status).toBe(415);
      expect((await dave.put(`/api/sneakers/${plain.body.id}`, { imageUrl: notAnImage })).status).toBe(415);
    }
    const refused = await dave.post('/api/uploads', { dataUrl: dataUrl(small) });
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});
