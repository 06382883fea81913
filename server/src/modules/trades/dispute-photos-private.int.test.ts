import { readdirSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { uploadsDir } from '../uploads/image-store';
import { buildSneaker } from '../../../test/factories';
import { TestClient, useTestApp } from '../../../test/test-app';
import { expectLedgerValidAfterAll, memberWithSneakers, proposal } from './trades.int-helpers';

/** A distinct little picture each time (its colour), as a data URL. */
let shade = 0;
async function photoDataUrl(): Promise<string> {
  shade += 1;
  const png = await sharp({ create: { width: 24, height: 24, channels: 3, background: { r: (shade * 41) % 256, g: (shade * 17) % 256, b: 200 } } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** Issue #39: dispute evidence photos were public to anyone with the URL, and cached for a year. */
describe('dispute photos are private (docs/rules/uploads.md#dispute-evidence-photos)', () => {
  const testApp = useTestApp();
  expectLedgerValidAfterAll(testApp);

  /** An accepted trade between two new members, disputed by the receiver unless `dispute` is false. */
  async function trade({ dispute = true } = {}) {
    const alice = await memberWithSneakers(testApp(), 'alice', 1);
    const bob = await memberWithSneakers(testApp(), 'bob', 1);
    const created = (await alice.post('/api/trades', proposal(alice, bob))).body;
    expect((await bob.post(`/api/trades/${created.id}/accept`)).status).toBe(200);
    if (dispute) expect((await bob.post(`/api/trades/${created.id}/dispute`, { reason: 'Wrong pair in the box' })).status).toBe(200);
    return { alice, bob, id: created.id as number };
  }

  /** The raw answer (the test client reads bodies as text). */
  async function fetchAs(member: TestClient | null, url: string) {
    const res = await testApp().app.inject({ method: 'GET', url, headers: member?.cookie ? { cookie: member.cookie } : {} });
    return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload };
  }

  async function expectServed(member: TestClient, url: string) {
    const res = await fetchAs(member, url);
    expect(res.status, url).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
  }

  it('serves a dispute photo and its thumbnail to the parties and admins only, never cached, and never under /uploads/', async () => {
    const { alice, bob, id } = await trade();
    const uploaded = await bob.post(`/api/trades/${id}/dispute-evidence/photos`, { dataUrl: await photoDataUrl() });
    expect(uploaded.status).toBe(201);
    const { imageUrl, thumbnailUrl } = uploaded.body as { imageUrl: string; thumbnailUrl: string };
    expect(imageUrl).toMatch(new RegExp(`^/api/trades/${id}/dispute-evidence/photos/[0-9a-f]{32}\\.webp$`));
    expect(thumbnailUrl).toBe(imageUrl.replace(/\.webp$/, '-400.webp'));
    const hash = /([0-9a-f]{32})\.webp$/.exec(imageUrl)![1]!;

    // Before it is attached: its uploader sees it, the other party does not yet.
    await expectServed(bob, imageUrl);
    expect((await fetchAs(alice, imageUrl)).status).toBe(404);
    expect((await bob.post(`/api/trades/${id}/dispute-evidence`, { note: 'The box was empty', imageUrls: [imageUrl] })).status).toBe(201);

    const admin = await memberWithSneakers(testApp(), 'admin', 0, 'admin');
    for (const reader of [alice, bob, admin]) {
      const [evidence] = (await reader.get(`/api/trades/${id}/dispute-evidence`)).body.items;
      expect(evidence.photos).toEqual([{ imageUrl, thumbnailUrl }]);
      await expectServed(reader, imageUrl);
      await expectServed(reader, thumbnailUrl);
    }

    // A stranger is told there is no such trade; a visitor must sign in; nobody gets a cacheable copy.
    const eve = await memberWithSneakers(testApp(), 'eve', 0);
    for (const url of [imageUrl, thumbnailUrl]) {
      const stranger = await fetchAs(eve, url);
      expect(stranger.status).toBe(404);
      expect(stranger.headers['content-type']).toContain('application/json');
      expect((await fetchAs(null, url)).status).toBe(401);
    }

    // The photo is named under this trade only: a party of another trade cannot read it through theirs.
    const other = await trade();
    expect((await fetchAs(other.alice, imageUrl.replace(`/trades/${id}/`, `/trades/${other.id}/`))).status).toBe(404);
    // Names that are not photos of this dispute are not found.
    for (const name of [`${'0'.repeat(32)}.webp`, 'x.webp', '..%2F..%2Fpglite', `${hash}.png`]) {
      expect((await fetchAs(alice, `/api/trades/${id}/dispute-evidence/photos/${name}`)).status, name).toBe(404);
    }

    // Not under the public uploads: neither its old-style URL nor any file there.
    for (const url of [`/uploads/${hash.slice(0, 2)}/${hash}.webp`, `/uploads/${hash.slice(0, 2)}/${hash}-400.webp`]) {
      expect((await fetchAs(eve, url)).status, url).toBe(404);
      expect((await fetchAs(alice, url)).status, url).toBe(404);
    }
    const publicFiles = readdirSync(uploadsDir(testApp().ctx.env.DATA_DIR), { recursive: true }).map(String);
    expect(publicFiles.filter((f) => f.includes(hash))).toEqual([]);
  });

  it('takes photos from the parties of an open dispute only, and attaches only those uploaded to this dispute', async () => {
    const { alice, bob, id } = await trade();
    const admin = await memberWithSneakers(testApp(), 'admin2', 0, 'admin');
    const eve = await memberWithSneakers(testApp(), 'eve2', 0);
    const body = { dataUrl: await photoDataUrl() };
    expect((await admin.post(`/api/trades/${id}/dispute-evidence/photos`, body)).status).toBe(403);
    expect((await eve.post(`/api/trades/${id}/dispute-evidence/photos`, body)).status).toBe(404);
    expect((await new TestClient(testApp().app).post(`/api/trades/${id}/dispute-evidence/photos`, body)).status).toBe(401);
    const calm = await trade({ dispute: false });
    const early = await calm.alice.post(`/api/trades/${calm.id}/dispute-evidence/photos`, body);
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('TRADE_INVALID_TRANSITION');
    const notImage = await alice.post(`/api/trades/${id}/dispute-evidence/photos`, { dataUrl: 'data:text/plain;base64,aGVsbG8=' });
    expect(notImage.status).toBeGreaterThanOrEqual(400);
    expect(notImage.status).toBeLessThan(500);

    // A public upload is no dispute photo: refused, so nothing public ever becomes evidence.
    const publicUpload = await alice.post('/api/uploads', { dataUrl: await photoDataUrl() });
    expect(publicUpload.status).toBe(201);
    const refused = await alice.post(`/api/trades/${id}/dispute-evidence`, { imageUrls: [publicUpload.body.imageUrl] });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({ 'imageUrls.0': 'Attach photos you uploaded to this dispute' });

    // A photo Alice uploaded to another of her disputes belongs to that one.
    const second = await memberWithSneakers(testApp(), 'carl', 1);
    const spare = await buildSneaker(testApp().ctx, { userId: alice.user.id });
    const created = (await alice.post('/api/trades', proposal({ sneakers: [spare] }, second))).body;
    expect((await second.post(`/api/trades/${created.id}/accept`)).status).toBe(200);
    expect((await alice.post(`/api/trades/${created.id}/dispute`, { reason: 'Nothing arrived' })).status).toBe(200);
    const elsewhere = (await alice.post(`/api/trades/${created.id}/dispute-evidence/photos`, { dataUrl: await photoDataUrl() })).body.imageUrl;
    const moved = elsewhere.replace(`/trades/${created.id}/`, `/trades/${id}/`);
    for (const imageUrls of [[elsewhere], [moved]]) {
      const res = await alice.post(`/api/trades/${id}/dispute-evidence`, { imageUrls });
      expect(res.status, imageUrls[0]).toBe(400);
    }
    expect((await bob.get(`/api/trades/${id}/dispute-evidence`)).body.items).toEqual([]);
  });
});
