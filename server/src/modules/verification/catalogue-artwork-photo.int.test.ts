import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn, TestClient, useTestApp } from '../../../test/test-app';
import { CATALOG_RELEASES } from '../catalog/data/releases';
import { seedCatalog } from '../catalog/seed-catalog';
import { generatedPhoto } from './test-support/generated-photo';
import { uploadPhoto, useVerificationWorker, verifiedImageOriginal } from './test-support/photo-verification';

const release = CATALOG_RELEASES[0]!;
const sibling = CATALOG_RELEASES.find((r) => r.brand === release.brand && r.styleCode !== release.styleCode)!;

/** Issue #41: the catalogue's own artwork uploaded as the photo is no evidence that the member holds the pair. */
describe('catalogue artwork as a photo', () => {
  const testApp = useTestApp();
  useVerificationWorker(testApp);
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    await seedCatalog(testApp().ctx);
    for (const r of [release, sibling]) ids[r.styleCode] = (await new TestClient(testApp().app).get(`/api/catalog?q=${r.styleCode}`)).body[0].id;
  });

  /** The release's artwork as a member would save it from the site: the SVG drawn at 900 px and saved as a PNG. */
  async function savedArtwork(releaseId: number): Promise<Buffer> {
    const svg = await new TestClient(testApp().app).get(`/api/catalog/${releaseId}/artwork.svg`);
    expect(svg.status).toBe(200);
    return sharp(Buffer.from(svg.body as string))
      .resize(900)
      .png()
      .toBuffer();
  }

  const listing = (catalogReleaseId: number | null, cover: string) => ({
    name: release.name,
    brand: release.brand,
    model: release.model,
    colorway: release.colorway,
    size: release.sizes[0],
    condition: '9',
    estimatedValue: String(release.marketPrice),
    catalogReleaseId,
    photos: [{ slot: 'cover', url: cover }],
  });

  it(
    "fails a listing whose photo is its release's artwork, or another release's of the brand, and passes a real photo",
    { timeout: 180_000 },
    async () => {
      const member = await signIn(testApp().app, { email: 'artwork-lister@example.com' });
      const own = await member.post(
        '/api/sneakers',
        listing(ids[release.styleCode]!, await uploadPhoto(member, await savedArtwork(ids[release.styleCode]!), 'image/png')),
      );
      expect(own.status).toBe(201);
      const check = await verifiedImageOriginal(member, own.body.id);
      expect(check.passed).toBe(false);
      expect(check.evidence.summary).toBe(
        `The photo is the catalogue's own artwork of ${release.name}, not a photo of this pair: it shows nothing the member holds.`,
      );

      const unlinked = await member.post(
        '/api/sneakers',
        listing(null, await uploadPhoto(member, await savedArtwork(ids[sibling.styleCode]!), 'image/png')),
      );
      const other = await verifiedImageOriginal(member, unlinked.body.id);
      expect(other.passed).toBe(false);
      expect(other.evidence.summary).toMatch(new RegExp(`catalogue's own artwork of ${sibling.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));

      const real = await member.post(
        '/api/sneakers',
        listing(ids[release.styleCode]!, await uploadPhoto(member, await generatedPhoto(41_300, 1200, 900))),
      );
      expect((await verifiedImageOriginal(member, real.body.id)).passed).toBe(true);
    },
  );
});
