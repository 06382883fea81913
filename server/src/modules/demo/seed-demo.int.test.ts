import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TestClient, useTestApp } from '../../../test/test-app';
import { DEMO_MEMBERS } from './demo-members';
import { countMembers as countUsers } from '../users/member-records';
import { authenticateLocalAccount, createLocalAccount } from '../identity/local-accounts';
import { DEMO_PASSWORD, seedDemo, seedStartupContent, SUSPICIOUS_DEMO_PAIR, type DemoContent } from './seed-demo';
import { sneakers, users } from '../../db/schema/index';

describe('start-up seeding with SEED_DEMO=0', () => {
  const testApp = useTestApp({ SEED_DEMO: '0' });

  it('fills the empty catalogue but creates no members', async () => {
    const { app, ctx } = testApp();
    await seedStartupContent(ctx, app.log);
    expect((await new TestClient(app).get('/api/catalog/stats')).body.total).toBe(100);
    expect(await countUsers(ctx.db)).toBe(0);
  });
});

describe('demo content on a first start', () => {
  const testApp = useTestApp({ SEED_DEMO: '1' });

  // Seeding renders, uploads and verifies a photo per demo pair: tens of seconds on a busy machine.
  it('creates the demo members with lockers from the catalogue, once, and hands them to the trades hook', { timeout: 300_000 }, async () => {
    const { app, ctx } = testApp();
    const calls: DemoContent[] = [];
    const seedDemoTrades = async (_ctx: unknown, demo: DemoContent) => {
      calls.push(demo);
    };
    await seedStartupContent(ctx, app.log, { seedDemoTrades });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.members.map((m) => m.username)).toEqual(DEMO_MEMBERS.map((m) => m.username));

    const visitor = new TestClient(app);
    let total = 0;
    let hidden = 0;
    for (const member of calls[0]!.members) {
      const shown = (await visitor.get(`/api/sneakers/user/${member.id}`)).body as Array<{
        imageUrl: string;
        catalogReleaseId: number;
        marketPrice: string;
        isAvailableForTrade: boolean;
        id: number;
      }>;
      const expected = DEMO_MEMBERS.find((m) => m.username === member.username)!;
      expect(shown.length + (expected.hiddenIndex !== undefined ? 1 : 0)).toBe(expected.count);
      expect(member.availableSneakerIds.sort()).toEqual(shown.map((s) => s.id).sort());
      for (const sneaker of shown) {
        expect(sneaker.imageUrl).toMatch(/^\/uploads\//);
        expect(sneaker.catalogReleaseId).toEqual(expect.any(Number));
        expect(sneaker.marketPrice).toMatch(/^\d+\.\d{2}$/);
        expect((await visitor.get(sneaker.imageUrl)).status).toBe(200);
      }
      total += expected.count;
      hidden += expected.count - shown.length;
    }
    expect(hidden).toBe(1);
    expect((await visitor.get('/api/sneakers/public?limit=100')).body).toHaveLength(total - hidden);

    // A second start finds users and leaves everything alone; seedDemo itself is idempotent too.
    await seedStartupContent(ctx, app.log, { seedDemoTrades });
    expect(calls).toHaveLength(1);
    await seedDemo(ctx);
    expect(await countUsers(ctx.db)).toBe(DEMO_MEMBERS.length);
    expect((await visitor.get('/api/sneakers/public?limit=100')).body).toHaveLength(total - hidden);
    expect((await visitor.get('/api/catalog/stats')).body).toMatchObject({ total: 100, averageValueSource: 'sneakers' });
  });

  it('gives the demo sneakers and the catalogue a year of price history marked as demo data, once', async () => {
    const { app, ctx } = testApp();
    const visitor = new TestClient(app);
    const [first] = (await visitor.get('/api/sneakers/public?limit=1')).body as Array<{ id: number; catalogReleaseId: number }>;
    const year = (await visitor.get(`/api/sneakers/${first!.id}/prices?period=1y`)).body;
    expect(year.basis).toBe('sneaker');
    expect(year.points.length).toBeGreaterThanOrEqual(364);
    expect(new Set(year.points.map((p: { source: string }) => p.source))).toEqual(new Set(['demo']));
    expect(Number(year.min)).toBeLessThan(Number(year.max));
    const week = (await visitor.get(`/api/catalog/${first!.catalogReleaseId}/prices?period=7d`)).body;
    expect(week.points.length).toBeGreaterThanOrEqual(6);
    expect(week.points.length).toBeLessThanOrEqual(8);

    await seedDemo(ctx);
    expect((await visitor.get(`/api/sneakers/${first!.id}/prices?period=1y`)).body.points).toHaveLength(year.points.length);
  });
});

describe('demo verdicts', () => {
  const testApp = useTestApp({ SEED_DEMO: '1' });

  it(
    'verifies every demo pair at seed: the genuine-looking ones come out authentic, the suspicious one is flagged with its evidence',
    { timeout: 300_000 },
    async () => {
      const { ctx } = testApp();
      await seedDemo(ctx);
      const rows = await ctx.db
        .select({
          id: sneakers.id,
          isVerified: sneakers.isVerified,
          checks: sneakers.verificationChecks,
          at: sneakers.lastVerificationDate,
          username: users.username,
        })
        .from(sneakers)
        .innerJoin(users, eq(users.id, sneakers.userId));
      expect(rows).toHaveLength(DEMO_MEMBERS.reduce((sum, m) => sum + m.count, 0));
      expect(rows.every((r) => r.at !== null)).toBe(true);
      const flagged = rows.filter((r) => !r.isVerified);
      expect(flagged).toHaveLength(1);
      expect(flagged[0]!.username).toBe(SUSPICIOUS_DEMO_PAIR.username);
      const failed = (flagged[0]!.checks as Array<{ name: string; passed: boolean; evidence: { summary: string } }>).filter((c) => !c.passed);
      expect(failed.map((c) => c.name)).toEqual(expect.arrayContaining(['valuePlausibility', 'listingWording']));
      // The genuine pairs passed the photo checks on photos of their own, not on catalogue artwork.
      for (const row of rows.filter((r) => r.isVerified)) {
        const checks = row.checks as Array<{ name: string; passed: boolean }>;
        expect(checks.filter((c) => c.name === 'imageQuality' || c.name === 'imageOriginal').every((c) => c.passed)).toBe(true);
      }
    },
  );
});

describe('demo accounts', () => {
  const testApp = useTestApp({ SEED_DEMO: '1' });

  it('lets a demo member sign in with the documented password and stops others claiming their e-mail', { timeout: 300_000 }, async () => {
    const { ctx } = testApp();
    await seedDemo(ctx);
    const member = DEMO_MEMBERS[0]!;
    const account = await authenticateLocalAccount(ctx, { email: member.email, password: DEMO_PASSWORD });
    expect(account.email).toBe(member.email);
    await expect(createLocalAccount(ctx, { email: member.email, password: 'another long passphrase', username: 'impostor' })).rejects.toMatchObject({
      code: 'EMAIL_TAKEN',
    });
  });
});
