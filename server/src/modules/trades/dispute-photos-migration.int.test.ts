import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../db/migrate';
import { useTestApp, type TestClient } from '../../../test/test-app';
import { moveDisputePhotosToPrivate } from './move-dispute-photos';
import { expectLedgerValidAfterAll, memberWithSneakers, proposal } from './trades.int-helpers';

const migrationStatements = () => {
  const file = readdirSync(MIGRATIONS_DIR).find((name) => name.startsWith('0063_'))!;
  return readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);
};

let shade = 0;
async function photoDataUrl(): Promise<string> {
  shade += 1;
  const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: { r: 30, g: (shade * 67) % 256, b: (shade * 29) % 256 } } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

/**
 * Issue #39: photos disputes held before they became private were public `/uploads/` files. Migration
 * 0063 and the start-up move take them out of the public folder without losing one.
 */
describe('migration 0063 (private dispute photos)', () => {
  const testApp = useTestApp();
  expectLedgerValidAfterAll(testApp);

  const status = async (member: TestClient | null, url: string) =>
    (await testApp().app.inject({ method: 'GET', url, headers: member?.cookie ? { cookie: member.cookie } : {} })).statusCode;

  it('moves the public photos of existing disputes out of /uploads/: the old URLs answer 404, the parties and admins still see every one', async () => {
    const { ctx } = testApp();
    const alice = await memberWithSneakers(testApp(), 'alice', 1);
    const bob = await memberWithSneakers(testApp(), 'bob', 1);
    const eve = await memberWithSneakers(testApp(), 'eve', 0);
    const admin = await memberWithSneakers(testApp(), 'admin', 0, 'admin');
    const created = (await alice.post('/api/trades', proposal(alice, bob))).body;
    expect((await bob.post(`/api/trades/${created.id}/accept`)).status).toBe(200);
    expect((await bob.post(`/api/trades/${created.id}/dispute`, { reason: 'Wrong pair' })).status).toBe(200);
    const upload = async (member: TestClient) => (await member.post('/api/uploads', { dataUrl: await photoDataUrl() })).body.imageUrl as string;
    const [bob1, bob2, aliceListed] = [await upload(bob), await upload(bob), await upload(alice)];
    // Alice's picture is her listing's photo too: that copy is public by choice and must stay.
    const listing = await alice.post('/api/sneakers', {
      name: 'Air Max 1',
      brand: 'Nike',
      model: 'Air Max 1',
      size: '10',
      condition: '9',
      estimatedValue: 120,
      imageUrl: aliceListed,
    });
    expect(listing.status).toBe(201);

    // The schema before 0063, holding evidence as a running site did: public URLs.
    await ctx.db.execute(sql.raw('drop table "dispute_photo_moves"'));
    await ctx.db.execute(sql.raw('alter table "trade_dispute_evidence" rename column "photo_names" to "image_urls"'));
    await ctx.db.execute(sql`insert into trade_dispute_evidence (trade_id, user_id, note, image_urls)
      values (${created.id}, ${bob.user.id}, 'Label says 9', array[${bob1}, ${bob2}]::text[]),
             (${created.id}, ${alice.user.id}, null, array[${aliceListed}]::text[]),
             (${created.id}, ${alice.user.id}, 'Only a note', '{}'::text[])`);
    const thumb = (url: string) => url.replace(/\.webp$/, '-400.webp');
    for (const url of [bob1, thumb(bob1), aliceListed]) expect(await status(eve, url), url).toBe(200);

    for (const statement of migrationStatements()) await ctx.db.execute(sql.raw(statement));
    expect(await moveDisputePhotosToPrivate(ctx.db, ctx.env.DATA_DIR)).toEqual({ moved: 3, missing: [] });

    // The evidence-only pictures are gone from /uploads/, for anyone; the listing's photo is still public.
    for (const url of [bob1, thumb(bob1), bob2, thumb(bob2)]) {
      expect(await status(eve, url), url).toBe(404);
      expect(await status(bob, url), url).toBe(404);
    }
    expect(await status(null, aliceListed)).toBe(200);

    // Every piece and photo is kept, served privately to the parties and admins only.
    for (const reader of [alice, bob, admin]) {
      const items = (await reader.get(`/api/trades/${created.id}/dispute-evidence`)).body.items as Array<{
        note: string | null;
        photos: Array<{ imageUrl: string; thumbnailUrl: string }>;
      }>;
      expect(items.map((e) => [e.note, e.photos.length])).toEqual([
        ['Label says 9', 2],
        [null, 1],
        ['Only a note', 0],
      ]);
      for (const photo of items.flatMap((e) => e.photos)) {
        expect(photo.imageUrl).toMatch(new RegExp(`^/api/trades/${created.id}/dispute-evidence/photos/[0-9a-f]{32}\\.webp$`));
        for (const url of [photo.imageUrl, photo.thumbnailUrl]) {
          const res = await testApp().app.inject({ method: 'GET', url, headers: { cookie: reader.cookie! } });
          expect(res.statusCode, url).toBe(200);
          expect(res.headers['cache-control']).toBe('private, no-store');
          expect(await status(eve, url), url).toBe(404);
        }
      }
    }
    // Done once: a second start moves nothing and loses nothing.
    expect(await moveDisputePhotosToPrivate(ctx.db, ctx.env.DATA_DIR)).toEqual({ moved: 0, missing: [] });
    expect((await bob.get(`/api/trades/${created.id}/dispute-evidence`)).body.items).toHaveLength(3);
  });
});
