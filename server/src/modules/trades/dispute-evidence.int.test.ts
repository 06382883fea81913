import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DISPUTE_PHOTOS_PER_SIDE } from '@soleswap/contracts/trades';
import { TestClient, useTestApp } from '../../../test/test-app';
import { expectLedgerValidAfterAll, memberWithSneakers, proposal } from './trades.int-helpers';

/** A distinct little picture each time (its colour), as a data URL for POST /api/uploads. */
let shade = 0;
async function photoDataUrl(): Promise<string> {
  shade += 1;
  const png = await sharp({
    create: { width: 32, height: 32, channels: 3, background: { r: (shade * 37) % 256, g: (shade * 91) % 256, b: (shade * 53) % 256 } },
  })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

describe('dispute evidence (docs/rules/trades.md#dispute-evidence)', () => {
  const testApp = useTestApp();
  expectLedgerValidAfterAll(testApp);

  /** A photo uploaded to the trade's dispute (private), its `imageUrl`. */
  async function upload(member: TestClient, tradeId: number): Promise<string> {
    const res = await member.post(`/api/trades/${tradeId}/dispute-evidence/photos`, { dataUrl: await photoDataUrl() });
    expect(res.status).toBe(201);
    return res.body.imageUrl as string;
  }

  /** An accepted trade between two new members; `dispute`: opened by the receiver. */
  async function trade({ dispute = true } = {}) {
    const alice = await memberWithSneakers(testApp(), 'alice', 1);
    const bob = await memberWithSneakers(testApp(), 'bob', 1);
    const created = (await alice.post('/api/trades', proposal(alice, bob))).body;
    expect((await bob.post(`/api/trades/${created.id}/accept`)).status).toBe(200);
    if (dispute) expect((await bob.post(`/api/trades/${created.id}/dispute`, { reason: 'Wrong pair in the box' })).status).toBe(200);
    return { alice, bob, id: created.id as number };
  }

  it('takes notes and photos from both parties and shows them to the parties and the admins, nobody else', async () => {
    const { alice, bob, id } = await trade();
    const bobPhoto = await upload(bob, id);
    const added = await bob.post(`/api/trades/${id}/dispute-evidence`, { note: '  The label says size 9, not 10 ', imageUrls: [bobPhoto] });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      side: 'receiver',
      userId: bob.user.id,
      note: 'The label says size 9, not 10',
      photos: [{ imageUrl: bobPhoto, thumbnailUrl: bobPhoto.replace(/\.webp$/, '-400.webp') }],
    });
    expect((await alice.post(`/api/trades/${id}/dispute-evidence`, { note: 'I shipped the size 10 shown in my listing' })).status).toBe(201);

    const admin = await memberWithSneakers(testApp(), 'admin', 0, 'admin');
    for (const reader of [alice, bob, admin]) {
      const page = await reader.get(`/api/trades/${id}/dispute-evidence`);
      expect(page.status).toBe(200);
      expect(page.body.items.map((e: { side: string; photos: unknown[] }) => [e.side, e.photos.length])).toEqual([
        ['receiver', 1],
        ['proposer', 0],
      ]);
      expect(page.body.nextCursor).toBeNull();
    }
    // Pages of one, by id.
    const first = (await alice.get(`/api/trades/${id}/dispute-evidence?limit=1`)).body;
    expect(first.items).toHaveLength(1);
    expect((await alice.get(`/api/trades/${id}/dispute-evidence?limit=1&cursor=${first.nextCursor}`)).body.items[0].side).toBe('proposer');

    // The admin reads it but is no party: adding is refused. A stranger is told there is no such trade.
    expect((await admin.post(`/api/trades/${id}/dispute-evidence`, { note: 'admin note' })).status).toBe(403);
    const eve = await memberWithSneakers(testApp(), 'eve', 0);
    expect((await eve.get(`/api/trades/${id}/dispute-evidence`)).status).toBe(404);
    expect((await eve.post(`/api/trades/${id}/dispute-evidence`, { note: 'hello' })).status).toBe(404);
    expect((await new TestClient(testApp().app).get(`/api/trades/${id}/dispute-evidence`)).status).toBe(401);
  });

  it('refuses evidence outside an open dispute, without content, or with a photo the caller did not upload', async () => {
    const { alice, bob, id } = await trade({ dispute: false });
    const before = await alice.post(`/api/trades/${id}/dispute-evidence`, { note: 'Too early' });
    expect(before.status).toBe(409);
    expect(before.body.code).toBe('TRADE_INVALID_TRANSITION');
    expect((await alice.get(`/api/trades/${id}/dispute-evidence`)).body).toEqual({ items: [], nextCursor: null });

    await alice.post(`/api/trades/${id}/dispute`, { reason: 'Never arrived' });
    const empty = await alice.post(`/api/trades/${id}/dispute-evidence`, { note: '   ', imageUrls: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toMatchObject({ note: 'Add a note or at least one photo' });
    const notHers = await alice.post(`/api/trades/${id}/dispute-evidence`, { imageUrls: [await upload(bob, id)] });
    expect(notHers.status).toBe(400);
    expect(notHers.body.fields).toMatchObject({ imageUrls: 'Attach photos you uploaded to this dispute' });
    expect((await alice.post(`/api/trades/${id}/dispute-evidence`, { imageUrls: ['https://example.com/x.jpg'] })).status).toBe(400);
    expect((await bob.get(`/api/trades/${id}/dispute-evidence`)).body.items).toEqual([]);
  });

  it(`holds each side to ${DISPUTE_PHOTOS_PER_SIDE} photos`, async () => {
    const { alice, bob, id } = await trade();
    const photos = [];
    for (let i = 0; i <= DISPUTE_PHOTOS_PER_SIDE; i++) photos.push(await upload(alice, id));
    expect(new Set(photos).size).toBe(DISPUTE_PHOTOS_PER_SIDE + 1);
    expect((await alice.post(`/api/trades/${id}/dispute-evidence`, { imageUrls: photos.slice(0, 4) })).status).toBe(201);
    const over = await alice.post(`/api/trades/${id}/dispute-evidence`, { imageUrls: photos.slice(4) });
    expect(over.status).toBe(409);
    expect(over.body.message).toContain(`at most ${DISPUTE_PHOTOS_PER_SIDE} photos`);
    expect((await alice.post(`/api/trades/${id}/dispute-evidence`, { imageUrls: photos.slice(4, 6) })).status).toBe(201);
    // The other side has its own allowance.
    expect((await bob.post(`/api/trades/${id}/dispute-evidence`, { imageUrls: [await upload(bob, id)] })).status).toBe(201);
  });

  it('is not taken across a block, and stays readable', async () => {
    const { alice, bob, id } = await trade();
    await alice.post(`/api/trades/${id}/dispute-evidence`, { note: 'Before the block' });
    expect((await alice.post(`/api/users/${bob.user.id}/block`)).status).toBe(200);
    for (const member of [alice, bob]) {
      const refused = await member.post(`/api/trades/${id}/dispute-evidence`, { note: 'After the block' });
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('BLOCKED');
      expect((await member.get(`/api/trades/${id}/dispute-evidence`)).body.items).toHaveLength(1);
    }
  });
});
