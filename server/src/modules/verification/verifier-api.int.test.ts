import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, signIn, useTestApp } from '../../../test/test-app';
import { CATALOG_RELEASES } from '../catalog/data/releases';
import { runNextJob } from '../../jobs/job-worker';
import { seedCatalog } from '../catalog/seed-catalog';
import { runVerificationJob, VERIFICATION_JOB } from './run-verification-job';
import { generatedPhoto, PHOTO_DISGUISES } from './test-support/generated-photo';

const dataUrl = (bytes: Buffer) => `data:image/jpeg;base64,${bytes.toString('base64')}`;

/** Ten catalogue releases across brands, for the honest pairs. */
const HONEST = CATALOG_RELEASES.filter((r, i) => i % 9 === 0).slice(0, 10);

interface Verdict {
  isAuthentic: boolean;
  verificationScore: string;
  checks: Array<{ name: string; passed: boolean; critical: boolean; evidence: { observed: string; expected: string; summary: string } }>;
}

/**
 * The hidden check of issue #28, in the open: honest pairs listed by brand-new members and
 * suspicious ones (price, borrowed and disguised photo, style code, size run, tiny photo, replica
 * wording), each created through POST /api/sneakers with a photo uploaded through POST
 * /api/uploads, then verified through POST /api/sneakers/:id/verify.
 */
describe('verifying through the API: honest pairs of new members pass, fakes are flagged', () => {
  const testApp = useTestApp();
  const releaseIds = new Map<string, number>();
  const honestPhotos: Buffer[] = [];
  const honestVerdicts: Verdict[] = [];

  let worker: NodeJS.Timeout | undefined;

  beforeAll(async () => {
    const { ctx } = testApp();
    // The queue worker, running only verification jobs, as a server's worker would.
    let busy = false;
    worker = setInterval(() => {
      if (busy) return;
      busy = true;
      void runNextJob(ctx, { handlers: { [VERIFICATION_JOB]: (c, p) => runVerificationJob(c, { runId: Number(p.runId) }) }, recurring: [] })
        .catch(() => undefined)
        .finally(() => (busy = false));
    }, 20);
    await seedCatalog(ctx);
    const client = new TestClient(testApp().app);
    for (const release of CATALOG_RELEASES) {
      if (releaseIds.size > 0 && !HONEST.includes(release) && release.styleCode !== CATALOG_RELEASES[0]!.styleCode) continue;
      releaseIds.set(release.styleCode, (await client.get(`/api/catalog?q=${release.styleCode}`)).body[0].id);
    }
  });

  afterAll(() => clearInterval(worker));

  async function listAndVerify(client: TestClient, photo: Buffer, listing: Record<string, unknown>): Promise<Verdict> {
    const upload = await client.post('/api/uploads', { dataUrl: dataUrl(photo) });
    expect(upload.status).toBe(201);
    const created = await client.post('/api/sneakers', { ...listing, imageUrl: upload.body.imageUrl });
    expect(created.status).toBe(201);
    const verified = await client.post(`/api/sneakers/${created.body.id}/verify`);
    expect([200, 202]).toContain(verified.status);
    if (verified.status === 200) return verified.body as Verdict;
    // Still running on a busy machine: follow the run to its result.
    for (;;) {
      const run = await client.get(`/api/verifications/${verified.body.id}`);
      if (run.body.status === 'done') return run.body.result as Verdict;
      expect(run.body.status).toBe('queued');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const listingOf = (release: (typeof CATALOG_RELEASES)[number], overrides: Record<string, unknown> = {}) => ({
    name: release.name,
    brand: release.brand,
    model: release.model,
    colorway: release.colorway,
    size: release.sizes[Math.floor(release.sizes.length / 2)],
    condition: '9',
    estimatedValue: String(Math.round(release.marketPrice * 0.9)),
    catalogReleaseId: releaseIds.get(release.styleCode),
    description: 'Worn a few times, cleaned after every wear. Original box.',
    ...overrides,
  });

  it('authenticates at least 9 of 10 honest pairs listed by brand-new members', { timeout: 300_000 }, async () => {
    for (const [i, release] of HONEST.entries()) {
      const member = await signIn(testApp().app, { email: `new-member-${i}@example.com` });
      const photo = await generatedPhoto(70_000 + i, 1200, 900);
      honestPhotos.push(photo);
      honestVerdicts.push(await listAndVerify(member, photo, listingOf(release)));
    }
    const authentic = honestVerdicts.filter((v) => v.isAuthentic).length;
    console.log(`honest pairs authentic: ${authentic} of ${HONEST.length}`);
    expect(authentic).toBeGreaterThanOrEqual(9);
    // The new account shows, but only lowers the score.
    expect(honestVerdicts[0]!.checks.find((c) => c.name === 'ownerHistory')).toMatchObject({ passed: false, critical: false });
  });

  it('flags at least 5 of 6 suspicious pairs, each on the check that caught it, with its evidence', { timeout: 300_000 }, async () => {
    const release = CATALOG_RELEASES[0]!; // Air Jordan 4 'Bred Reimagined', made from US 7
    const fraudster = async (n: number) => signIn(testApp().app, { email: `fraud-${n}@example.com` });
    const photo = (n: number) => generatedPhoto(80_000 + n, 1200, 900);
    const cases: Array<[string, Verdict]> = [
      ['valuePlausibility', await listAndVerify(await fraudster(1), await photo(1), listingOf(release, { estimatedValue: '110' }))],
      ['imageOriginal', await listAndVerify(await fraudster(2), await PHOTO_DISGUISES.mirroredCropped(honestPhotos[3]!), listingOf(release))],
      ['styleCode', await listAndVerify(await fraudster(3), await photo(3), listingOf(release, { styleCode: 'XX-123' }))],
      ['sizeRun', await listAndVerify(await fraudster(4), await photo(4), listingOf(release, { size: '4' }))],
      [
        'imageQuality',
        await listAndVerify(
          await fraudster(5),
          await sharp(await photo(5))
            .resize(96, 96)
            .jpeg()
            .toBuffer(),
          listingOf(release),
        ),
      ],
      [
        'listingWording',
        await listAndVerify(await fraudster(6), await photo(6), listingOf(release, { description: 'UA 1:1 replica, best batch. Fast shipping.' })),
      ],
    ];
    const flagged = cases.filter(([, v]) => !v.isAuthentic);
    console.log(`suspicious pairs flagged: ${flagged.length} of ${cases.length}`);
    expect(flagged.length).toBeGreaterThanOrEqual(5);
    for (const [check, verdict] of cases) {
      const result = verdict.checks.find((c) => c.name === check)!;
      expect({ check, isAuthentic: verdict.isAuthentic, passed: result.passed, critical: result.critical }).toEqual({
        check,
        isAuthentic: false,
        passed: false,
        critical: true,
      });
      expect(result.evidence.observed).not.toBe('');
    }
  });

  it("flags each disguise of another member's photo", { timeout: 300_000 }, async () => {
    const release = CATALOG_RELEASES[0]!;
    const member = await signIn(testApp().app, { email: 'borrower@example.com' });
    const disguises = ['mirrored', 'centreCrop70', 'rotated90', 'recoloured', 'rescaled'] as const;
    for (const [i, disguise] of disguises.entries()) {
      const verdict = await listAndVerify(member, await PHOTO_DISGUISES[disguise](honestPhotos[i]!), listingOf(release));
      expect({ disguise, isAuthentic: verdict.isAuthentic }).toEqual({ disguise, isAuthentic: false });
      expect(verdict.checks.find((c) => c.name === 'imageOriginal')!.evidence.summary).toMatch(/^The same photo as sneaker #\d+ of another member/);
    }
  });
});
