import { DAY_MS } from '@soleswap/contracts/time';
import { VERIFICATION_CHECKS } from '@soleswap/contracts/verification';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTrade, buildUser } from '../../../test/factories';
import { TestClient, signIn, useTestApp } from '../../../test/test-app';
import { jobs, priceSnapshots, sneakers, users } from '../../db/schema/index';
import { runNextJob } from '../../jobs/job-worker';
import { CATALOG_RELEASES } from '../catalog/data/releases';
import { seedCatalog } from '../catalog/seed-catalog';
import type { MarketDataSource } from './market-data-source';
import { PREMIUM_VERIFICATION_PRIORITY, STANDARD_VERIFICATION_PRIORITY } from './request-verification';
import { runVerificationJob, VERIFICATION_JOB } from './run-verification-job';
import { reposted, syntheticPhoto } from './test-support/pictures';
import { configureVerification, verificationSettings } from './verification-settings';
import { VERIFICATIONS_PER_MINUTE } from './verification-rate-limit';
import { membersChanged } from '../users/member-changes';

const seed = CATALOG_RELEASES.find((r) => r.styleCode === 'FV5029-006')!;

const dataUrl = (bytes: Buffer) => `data:image/jpeg;base64,${bytes.toString('base64')}`;

describe('verifying sneakers', () => {
  const testApp = useTestApp();
  let releaseId = 0;
  let worker: NodeJS.Timeout | undefined;

  beforeAll(async () => {
    const { ctx } = testApp();
    await seedCatalog(ctx);
    releaseId = (await new TestClient(testApp().app).get(`/api/catalog?q=${seed.styleCode}`)).body[0].id;
    // A brand's first run draws its catalogue artwork to compare photos with (seconds on a busy
    // machine): these tests read the answer itself; the 202 path has its own test below.
    configureVerification(ctx, { waitMs: 60_000 });
    // The queue worker, running only verification jobs so the test controls every other job.
    let busy = false;
    worker = setInterval(() => {
      if (busy) return;
      busy = true;
      void runNextJob(ctx, { handlers: { [VERIFICATION_JOB]: (c, p) => runVerificationJob(c, { runId: Number(p.runId) }) }, recurring: [] })
        .catch(() => undefined)
        .finally(() => (busy = false));
    }, 20);
  });
  afterAll(() => clearInterval(worker));

  /** A member whose account is a year old, so the owner-history check has a track record to see. */
  async function establishedMember(email: string) {
    const client = await signIn(testApp().app, { email });
    await testApp()
      .ctx.db.update(users)
      .set({ createdAt: new Date(Date.now() - 400 * DAY_MS) })
      .where(eq(users.id, client.user.id));
    membersChanged();
    return client;
  }

  async function upload(client: TestClient, bytes: Buffer): Promise<string> {
    const res = await client.post('/api/uploads', { dataUrl: dataUrl(bytes) });
    expect(res.status).toBe(201);
    return res.body.imageUrl;
  }

  const listing = (overrides: Record<string, unknown> = {}) => ({
    name: seed.name,
    brand: seed.brand,
    model: seed.model,
    colorway: seed.colorway,
    styleCode: seed.styleCode,
    size: '10.5',
    condition: '9',
    estimatedValue: String(seed.marketPrice),
    purchaseDate: seed.releaseDate,
    catalogReleaseId: releaseId,
    ...overrides,
  });

  let honest: Awaited<ReturnType<typeof establishedMember>>;
  let honestSneakerId = 0;
  let honestPhoto: Buffer;

  it('authenticates a catalogue-matched pair at a fair price with an original photo, with a market price and range', async () => {
    honest = await establishedMember('honest@example.com');
    honestPhoto = await syntheticPhoto(31, 1600, 1200);
    const created = await honest.post('/api/sneakers', listing({ imageUrl: await upload(honest, honestPhoto) }));
    expect(created.status).toBe(201);
    expect(created.body.styleCode).toBe(seed.styleCode);
    honestSneakerId = created.body.id;

    const res = await honest.post(`/api/sneakers/${honestSneakerId}/verify`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ isAuthentic: true, verificationScore: '1.00', source: 'internal' });
    expect(res.body.checks).toHaveLength(VERIFICATION_CHECKS.length);
    const { marketPrice, priceRange } = res.body;
    expect(Number(priceRange.low)).toBeLessThanOrEqual(Number(marketPrice));
    expect(Number(marketPrice)).toBeLessThanOrEqual(Number(priceRange.high));
    expect(Number(marketPrice)).toBe(seed.marketPrice);

    const sneaker = (await honest.get(`/api/sneakers/${honestSneakerId}`)).body;
    expect(sneaker).toMatchObject({ isVerified: true, verificationScore: '1.00', verificationSource: 'internal', marketPrice });
    expect(sneaker.verificationDetails).toMatchObject({ imageOriginal: true, valuePlausibility: true });
    expect(sneaker.verificationChecks[0].evidence.summary).toBe('Brand, model and colorway match the catalogue release.');
    expect(sneaker.lastVerificationDate).toEqual(expect.any(String));
    const history = (await honest.get(`/api/sneakers/${honestSneakerId}/prices`)).body;
    expect(history).toMatchObject({ period: '30d', basis: 'sneaker', min: marketPrice, median: marketPrice, max: marketPrice });
    expect(history.points).toEqual([{ at: expect.any(String), price: marketPrice, source: 'internal' }]);
  });

  it("flags a far-below-market pair with an unknown style code and another member's photo re-posted through the upload route", async () => {
    const mallory = await signIn(testApp().app, { email: 'mallory@example.com' });
    const copy = await upload(mallory, await reposted(honestPhoto, 900));
    const created = await mallory.post(
      '/api/sneakers',
      listing({ imageUrl: copy, styleCode: 'AJ4-BC-2024', estimatedValue: String(Math.round(seed.marketPrice / 4)) }),
    );
    expect(created.status).toBe(201);

    const res = await mallory.post(`/api/sneakers/${created.body.id}/verify`);
    expect(res.status).toBe(200);
    expect(res.body.isAuthentic).toBe(false);
    const failed = res.body.checks.filter((c: { passed: boolean }) => !c.passed).map((c: { name: string }) => c.name);
    expect(failed).toEqual(expect.arrayContaining(['styleCode', 'valuePlausibility', 'imageOriginal']));
    const original = res.body.checks.find((c: { name: string }) => c.name === 'imageOriginal');
    expect(original.evidence.summary).toMatch(new RegExp(`^The same photo as sneaker #${honestSneakerId} of another member`));
    expect((await mallory.get(`/api/sneakers/${created.body.id}`)).body.isVerified).toBe(false);
  });

  it('lets only the owner verify: visitors get 401, other members 403, unknown sneakers 404', async () => {
    const { app, ctx } = testApp();
    const visitor = new TestClient(app);
    expect((await visitor.post(`/api/sneakers/${honestSneakerId}/verify`)).status).toBe(401);
    expect((await visitor.post('/api/sneakers/batch-verify', { sneakerIds: [honestSneakerId] })).status).toBe(401);
    const other = await signIn(app, { email: 'other@example.com' });
    const refused = await other.post(`/api/sneakers/${honestSneakerId}/verify`);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('FORBIDDEN');
    expect((await other.post('/api/sneakers/batch-verify', { sneakerIds: [honestSneakerId] })).status).toBe(403);
    expect((await other.post('/api/sneakers/999999/verify')).status).toBe(404);
    expect((await other.post('/api/sneakers/batch-verify', { sneakerIds: [] })).status).toBe(400);
    const [row] = await ctx.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(jobs)
      .where(eq(jobs.kind, VERIFICATION_JOB));
    expect(row!.n).toBe(2);
  });

  it('refuses a sneaker escrow holds, alone with 409 SNEAKER_LOCKED, and skips it in a batch', async () => {
    const { ctx } = testApp();
    const owner = await establishedMember('locked-owner@example.com');
    const counterpart = await buildUser(ctx);
    const mine = (await owner.post('/api/sneakers', listing({ styleCode: null }))).body.id;
    const theirs = (
      await ctx.db
        .insert(sneakers)
        .values({ userId: counterpart.id, name: 'x', brand: 'Nike', model: 'Dunk', size: '9', condition: '9', estimatedValue: '100' })
        .returning()
    )[0]!.id;
    await buildTrade(ctx, {
      proposerId: owner.user.id,
      receiverId: counterpart.id,
      proposerSneakerIds: [mine],
      receiverSneakerIds: [theirs],
      status: 'accepted',
    });
    const res = await owner.post(`/api/sneakers/${mine}/verify`);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('SNEAKER_LOCKED');
    const batch = await owner.post('/api/sneakers/batch-verify', { sneakerIds: [mine] });
    expect(batch.status).toBe(200);
    expect(batch.body).toEqual({ verified: 0, flagged: 0, failed: 0, skipped: 1, pending: [] });
  });

  it('batch-verifies your own sneakers and reports how they came out', async () => {
    const owner = await establishedMember('batch@example.com');
    const fair = (await owner.post('/api/sneakers', listing({ imageUrl: await upload(owner, await syntheticPhoto(41, 1600, 1200)) }))).body.id;
    const noPhoto = (await owner.post('/api/sneakers', listing())).body.id;
    const res = await owner.post('/api/sneakers/batch-verify', { sneakerIds: [fair, noPhoto, fair] });
    expect(res.status).toBe(200);
    // A pair with no photo of its own is flagged: the photo checks have nothing to vouch for.
    expect(res.body).toEqual({ verified: 1, flagged: 1, failed: 0, skipped: 0, pending: [] });
    expect((await owner.get(`/api/sneakers/${noPhoto}`)).body.verificationDetails).toMatchObject({ imageQuality: false, imageOriginal: false });
  });

  it('answers 202 when the market source is slow, and the run can be followed to its result', async () => {
    const { app, ctx } = testApp();
    const before = verificationSettings(ctx);
    let answer: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (answer = resolve));
    const slow: MarketDataSource = {
      name: 'internal',
      quote: async (input) => {
        await released;
        return before.marketData.quote(input);
      },
    };
    configureVerification(ctx, { marketData: slow, waitMs: 150 });
    try {
      const res = await honest.post(`/api/sneakers/${honestSneakerId}/verify`);
      expect(res.status).toBe(202);
      expect(res.body).toEqual({ id: expect.any(Number), sneakerId: honestSneakerId, status: 'queued', result: null, error: null });
      expect((await honest.get(`/api/verifications/${res.body.id}`)).body.status).toBe('queued');
      expect((await (await signIn(app, { email: 'nosy@example.com' })).get(`/api/verifications/${res.body.id}`)).status).toBe(404);
      expect((await new TestClient(app).get(`/api/verifications/${res.body.id}`)).status).toBe(401);

      // The only verification job under way is this one, held by the slow source: the next one to finish is it.
      const finished = new Promise<boolean>((resolve) =>
        ctx.events.on('job.finished', ({ kind, failed }) => {
          if (kind === VERIFICATION_JOB) resolve(failed);
        }),
      );
      answer();
      expect(await finished).toBe(false);
      const run = (await honest.get(`/api/verifications/${res.body.id}`)).body;
      expect(run.status).toBe('done');
      // The copy listed later does not make the original photo look borrowed.
      expect(run.result).toMatchObject({ isAuthentic: true, marketPrice: expect.any(String) });
    } finally {
      configureVerification(ctx, before);
    }
  });

  it("runs premium members' verifications first", async () => {
    const { ctx } = testApp();
    const premium = await establishedMember('premium@example.com');
    await ctx.db.update(users).set({ isPremiumMember: true }).where(eq(users.id, premium.user.id));
    membersChanged();
    const id = (await premium.post('/api/sneakers', listing())).body.id;
    await premium.post(`/api/sneakers/${id}/verify`);
    const rows = await ctx.db.select({ priority: jobs.priority, payload: jobs.payload }).from(jobs).where(eq(jobs.kind, VERIFICATION_JOB));
    expect(new Set(rows.map((r) => r.priority))).toEqual(new Set([PREMIUM_VERIFICATION_PRIORITY, STANDARD_VERIFICATION_PRIORITY]));
    expect(PREMIUM_VERIFICATION_PRIORITY).toBeLessThan(STANDARD_VERIFICATION_PRIORITY);
  });

  it('drops the verification when the identity or the photo changes', async () => {
    const owner = await establishedMember('editor@example.com');
    const id = (await owner.post('/api/sneakers', listing({ imageUrl: await upload(owner, await syntheticPhoto(51, 1600, 1200)) }))).body.id;
    expect((await owner.post(`/api/sneakers/${id}/verify`)).body.isAuthentic).toBe(true);
    const edited = await owner.put(`/api/sneakers/${id}`, { styleCode: 'FV5029-007' });
    expect(edited.body).toMatchObject({ isVerified: false, verificationScore: null, verificationChecks: null, lastVerificationDate: null });

    expect((await owner.post(`/api/sneakers/${id}/verify`)).body.verificationDetails.styleCode).toBe(false);
    // A code that is not the release's is evidence against the pair; the owner corrects it with the new photo.
    expect((await owner.post(`/api/sneakers/${id}/verify`)).body.isAuthentic).toBe(false);
    const newPhoto = await owner.put(`/api/sneakers/${id}`, {
      imageUrl: await upload(owner, await syntheticPhoto(52, 1600, 1200)),
      styleCode: seed.styleCode,
    });
    expect(newPhoto.body).toMatchObject({ isVerified: false, verificationChecks: null });
    // Hiding it changes nothing about the pair, so the verification stays.
    expect((await owner.post(`/api/sneakers/${id}/verify`)).body.isAuthentic).toBe(true);
    expect((await owner.put(`/api/sneakers/${id}`, { isAvailableForTrade: false })).body.isVerified).toBe(true);
  });

  it(`allows ${VERIFICATIONS_PER_MINUTE} verification requests a minute per member, then 429`, async () => {
    const member = await signIn(testApp().app, { email: 'hasty@example.com' });
    for (let i = 0; i < VERIFICATIONS_PER_MINUTE; i++) expect((await member.post('/api/sneakers/999999/verify')).status).toBe(404);
    const res = await member.post('/api/sneakers/999999/verify');
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('RATE_LIMITED');
    expect(res.headers['retry-after']).toEqual(expect.any(String));
    // Another member has their own budget.
    expect((await honest.post('/api/sneakers/999999/verify')).status).toBe(404);
  });

  it('answers price history per period with min, median and max, to whoever may see the sneaker', async () => {
    const { app, ctx } = testApp();
    const owner = await signIn(app, { email: 'history@example.com' });
    const id = (await owner.post('/api/sneakers', listing({ isAvailableForTrade: false, catalogReleaseId: null }))).body.id;
    const now = ctx.now().getTime();
    const at = (days: number, price: string) => ({ sneakerId: id, price, source: 'internal', capturedAt: new Date(now - days * DAY_MS) });
    await ctx.db
      .insert(priceSnapshots)
      .values([at(400, '90.00'), at(200, '100.00'), at(60, '110.00'), at(20, '120.00'), at(10, '130.00'), at(3, '140.00'), at(1, '150.00')]);

    const get = async (query: string) => (await owner.get(`/api/sneakers/${id}/prices${query}`)).body;
    expect(await get('')).toMatchObject({ period: '30d', min: '120.00', median: '135.00', max: '150.00' });
    expect((await get('')).points.map((p: { price: string }) => p.price)).toEqual(['120.00', '130.00', '140.00', '150.00']);
    expect(await get('?period=7d')).toMatchObject({ min: '140.00', median: '145.00', max: '150.00' });
    expect((await get('?period=90d')).points).toHaveLength(5);
    expect(await get('?period=1y')).toMatchObject({ min: '100.00', median: '125.00', max: '150.00' });
    const bad = await owner.get(`/api/sneakers/${id}/prices?period=2w`);
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    // Hidden from trading: a visitor cannot see the sneaker, so not its prices either.
    expect((await new TestClient(app).get(`/api/sneakers/${id}/prices`)).status).toBe(404);
    expect((await (await signIn(app, { email: 'member-viewer@example.com' })).get(`/api/sneakers/${id}/prices`)).status).toBe(200);

    const empty = (await new TestClient(app).get(`/api/catalog/${releaseId}/prices?period=7d`)).body;
    expect(empty).toEqual({ period: '7d', basis: 'release', points: [], min: null, median: null, max: null });
    expect((await new TestClient(app).get('/api/catalog/99999/prices')).status).toBe(404);
  });

  it("answers a library page's price lines in one request, in the order asked, leaving out ids that name no release", async () => {
    const { app, ctx } = testApp();
    // The two least popular releases: no other test here prices them.
    const [first, second] = ((await new TestClient(app).get('/api/catalog?limit=100')).body as Array<{ id: number }>).slice(-2);
    const now = ctx.now().getTime();
    const at = (catalogReleaseId: number, days: number, price: string) => ({
      catalogReleaseId,
      price,
      source: 'stockx',
      capturedAt: new Date(now - days * DAY_MS),
    });
    await ctx.db
      .insert(priceSnapshots)
      .values([at(first!.id, 40, '80.00'), at(first!.id, 2, '101.00'), at(first!.id, 9, '99.00'), at(second!.id, 1, '55.00')]);

    const res = await new TestClient(app).get(`/api/catalog/prices?ids=${second!.id},99999,${first!.id}&period=30d`);
    expect(res.status).toBe(200);
    expect(res.body.period).toBe('30d');
    expect(res.body.lines.map((l: { releaseId: number }) => l.releaseId)).toEqual([second!.id, first!.id]);
    const prices = (i: number) => res.body.lines[i].points.map((p: { price: string }) => p.price);
    expect(prices(0)).toEqual(['55.00']);
    expect(prices(1)).toEqual(['99.00', '101.00']);
    // The same line as the single release's history.
    const single = (await new TestClient(app).get(`/api/catalog/${first!.id}/prices?period=30d`)).body;
    expect(res.body.lines[1].points).toEqual(single.points);

    for (const bad of [
      '',
      'ids=',
      'ids=1,x',
      'ids=0',
      `ids=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`,
      `ids=${first!.id}&period=2w`,
    ]) {
      const refused = await new TestClient(app).get(`/api/catalog/prices?${bad}`);
      expect(refused.status, bad).toBe(400);
      expect(refused.body.code).toBe('VALIDATION_FAILED');
    }
  });
});
