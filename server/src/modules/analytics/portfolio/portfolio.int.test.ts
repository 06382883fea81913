import { parse as parseCsv } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { PortfolioAnalyticsSchema } from '@soleswap/contracts/analytics';
import { buildPriceSnapshot, buildSneaker, buildUser, makePremiumMember, priceSnapshotRow } from '../../../../test/factories';
import { TestClient, signIn, useTestApp, type TestApp } from '../../../../test/test-app';
import { priceSnapshots, sneakers, users } from '../../../db/schema/index';
import { seedDemo } from '../../demo/seed-demo';
import { DEMO_MEMBERS } from '../../demo/demo-members';
import { membersChanged } from '../../users/member-changes';

const NOW = new Date('2025-06-30T12:00:00.000Z');

const makePremium = (testApp: TestApp, userId: string) => makePremiumMember(testApp.ctx, userId, NOW);
const snapshot = (testApp: TestApp, sneakerId: number, iso: string, price: string) =>
  buildPriceSnapshot(testApp.ctx, { sneakerId, price, capturedAt: new Date(iso) });

describe('portfolio analytics of a premium member', () => {
  const testApp = useTestApp();
  const realNow = () => new Date();
  afterEach(() => {
    testApp().ctx.now = realNow;
  });

  /**
   * The fixture, period 7d as of 2025-06-30 12:00 UTC (the series runs 06-23 … 06-30):
   *
   *   A Nike   "Dunk Low Panda": $100 on 06-01, $90 on 06-10, $120 on 06-27
   *            → value at the start (06-23) is $90, the last price before the period
   *   B Jordan "AJ4 Bred":       $300 on 06-20, $270 on 06-29
   *   C Nike   '=HYPERLINK(...)': first price $50 on 06-28, $55 at 11:00 on 06-30
   *            ($99.99 at 13:00 on 06-30 is after now: not counted) → added during the period
   *   D Adidas "Samba":          no price at all → counted in the collection, not valued
   *   another member's pair has a $10,000 price inside the period: not this member's
   */
  let fixtures = 0;
  async function buildFixture() {
    const { ctx, app } = testApp();
    fixtures += 1;
    const member = await signIn(app, { email: `portfolio-premium-${fixtures}@example.test`, username: `portfoliopremium${fixtures}` });
    await makePremium(testApp(), member.user.id);
    const a = await buildSneaker(ctx, { userId: member.user.id, name: 'Dunk Low Panda', brand: 'Nike', size: '10', condition: '9.5' });
    const b = await buildSneaker(ctx, { userId: member.user.id, name: 'AJ4 Bred', brand: 'Jordan', size: '10.5', condition: '9' });
    const c = await buildSneaker(ctx, { userId: member.user.id, name: '=HYPERLINK("http://x","y")', brand: 'Nike', size: '9', condition: '10' });
    const d = await buildSneaker(ctx, { userId: member.user.id, name: 'Samba', brand: 'Adidas', size: '8', condition: '8.5' });
    const other = await buildSneaker(ctx, { userId: (await buildUser(ctx)).id, name: 'Not mine', brand: 'Nike' });
    await snapshot(testApp(), a.id, '2025-06-01T10:00:00.000Z', '100.00');
    await snapshot(testApp(), a.id, '2025-06-10T10:00:00.000Z', '90.00');
    await snapshot(testApp(), a.id, '2025-06-27T09:00:00.000Z', '120.00');
    await snapshot(testApp(), b.id, '2025-06-20T10:00:00.000Z', '300.00');
    await snapshot(testApp(), b.id, '2025-06-29T08:00:00.000Z', '270.00');
    await snapshot(testApp(), c.id, '2025-06-28T10:00:00.000Z', '50.00');
    await snapshot(testApp(), c.id, '2025-06-30T11:00:00.000Z', '55.00');
    await snapshot(testApp(), c.id, '2025-06-30T13:00:00.000Z', '99.99');
    await snapshot(testApp(), other.id, '2025-06-25T10:00:00.000Z', '10000.00');
    ctx.now = () => NOW;
    return { member, a, b, c, d };
  }

  it('computes every figure from the price history, matching the hand computation', async () => {
    const { member, a, b, c } = await buildFixture();
    const res = await member.get('/api/analytics/portfolio?period=7d');
    expect(res.status).toBe(200);
    expect(PortfolioAnalyticsSchema.parse(res.body)).toEqual(res.body);

    // Total: A 120.00 + B 270.00 + C 55.00 = 445.00. 4 pairs, 3 priced: average 44500 / 3 = 14833.33 → 14833.
    expect(res.body).toMatchObject({
      state: 'ready',
      period: '7d',
      periodStart: '2025-06-23',
      totalValueCents: 44500,
      totalItems: 4,
      valuedItems: 3,
      averageValueCents: 14833,
    });
    // Baselines: A 9000 (its value at the start) + B 30000 + C 5000 (its first price) = 44000.
    // Change 44500 − 44000 = +500; 500 / 44000 = 1.1364% → 1.14.
    expect(res.body.growth).toEqual({ baselineCents: 44000, changeCents: 500, changePercent: 1.14 });
    // 06-23…26: A 9000 + B 30000; 06-27: A 12000; 06-28: + C 5000; 06-29: B 27000; 06-30: C 5500.
    expect(res.body.series).toEqual([
      { date: '2025-06-23', valueCents: 39000 },
      { date: '2025-06-24', valueCents: 39000 },
      { date: '2025-06-25', valueCents: 39000 },
      { date: '2025-06-26', valueCents: 39000 },
      { date: '2025-06-27', valueCents: 42000 },
      { date: '2025-06-28', valueCents: 47000 },
      { date: '2025-06-29', valueCents: 44000 },
      { date: '2025-06-30', valueCents: 44500 },
    ]);
    // A +3000 on 9000 = +33.33%; C +500 on 5000 = +10% (added); B −3000 on 30000 = −10%.
    expect(
      res.body.movers.map((m: { sneakerId: number; changeCents: number; changePercent: number }) => [m.sneakerId, m.changeCents, m.changePercent]),
    ).toEqual([
      [a.id, 3000, 33.33],
      [c.id, 500, 10],
      [b.id, -3000, -10],
    ]);
    // A held the whole 7 days and gained most.
    expect(res.body.topPerformer).toMatchObject({ sneakerId: a.id, name: 'Dunk Low Panda', changePercent: 33.33 });
    // Daily returns over pairs priced on both days:
    //   06-24, 25, 26: 0; 06-27: 42000/39000 − 1 = 0.0769231; 06-28 (A, B): 42000/42000 − 1 = 0;
    //   06-29: 44000/47000 − 1 = −0.0638298; 06-30: 44500/44000 − 1 = 0.0113636
    //   mean 0.00349384; population σ = √(0.0100351 / 7) = 0.0378628 → volatility 0.0378628 / 0.05 = 0.757256
    // Concentration: 12000, 27000, 5500 of 44500 → shares 0.26966, 0.60674, 0.12360 → HHI 0.456129
    // risk = round(100 × (0.757256 + 0.456129) / 2) = round(60.67) = 61
    expect(res.body.riskScore).toBe(61);
    // Brands: Nike 17500, Jordan 27000 → HHI 0.393258² + 0.606742² = 0.522788 → 100 × 0.477212 → 48.
    expect(res.body.diversificationScore).toBe(48);
    // Jordan 27000 / 44500 = 60.67%, 30000 → 27000 = −10%;
    // Nike 17500 / 44500 = 39.33%, baselines 9000 + 5000 = 14000 → 17500 = +3500 = +25%.
    expect(res.body.brands).toEqual([
      { brand: 'Jordan', items: 1, valueCents: 27000, sharePercent: 60.67, changeCents: -3000, changePercent: -10, trend: 'down' },
      { brand: 'Nike', items: 2, valueCents: 17500, sharePercent: 39.33, changeCents: 3500, changePercent: 25, trend: 'up' },
    ]);
  });

  it('measures a longer period from its own start, and refuses a period it does not know', async () => {
    const { member } = await buildFixture();
    // 30d starts 05-31: every priced pair got its first price inside it. Baselines A 10000 + B 30000
    // + C 5000 = 45000 → 44500: −500 = −1.11%.
    const month = await member.get('/api/analytics/portfolio?period=30d');
    expect(month.body).toMatchObject({ periodStart: '2025-05-31', growth: { baselineCents: 45000, changeCents: -500, changePercent: -1.11 } });
    expect(month.body.series).toHaveLength(31);
    // Without a period: 30d.
    expect((await member.get('/api/analytics/portfolio')).body.period).toBe('30d');

    for (const bad of ['period=2w', 'period=', 'period=7d&period=30d']) {
      const res = await member.get(`/api/analytics/portfolio?${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect((await member.get(`/api/analytics/portfolio.csv?${bad}`)).status, `csv ${bad}`).toBe(400);
    }
  });

  it('exports the collection as a dated CSV with neutralised cells', async () => {
    const { member } = await buildFixture();
    const res = await member.get('/api/analytics/portfolio.csv?period=7d');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="soleswap-portfolio-7d-2025-06-30.csv"');
    const text = String(res.body);
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(parseCsv(text, { bom: true })).toEqual([
      ['Name', 'Brand', 'Size', 'Condition', 'Current value', 'Value at period start', 'Change'],
      ['Dunk Low Panda', 'Nike', '10', '9.5', '120.00', '90.00', '30.00'],
      ['AJ4 Bred', 'Jordan', '10.5', '9.0', '270.00', '300.00', '-30.00'],
      // First priced during the period: no value at its start, so no change either.
      [`'=HYPERLINK("http://x","y")`, 'Nike', '9', '10.0', '55.00', '', ''],
      // No price yet.
      ['Samba', 'Adidas', '8', '8.5', '', '', ''],
    ]);
  });

  it('answers an empty state, never made-up figures, for an empty locker', async () => {
    const { ctx, app } = testApp();
    const member = await signIn(app, { email: 'portfolio-empty@example.test', username: 'portfolioempty' });
    await makePremium(testApp(), member.user.id);
    ctx.now = () => NOW;
    expect((await member.get('/api/analytics/portfolio?period=90d')).body).toEqual({
      period: '90d',
      asOf: NOW.toISOString(),
      state: 'empty',
      totalItems: 0,
    });
  });

  it('values a new collection at once, before any price history: market price by condition, else the estimate, each labelled', async () => {
    const { ctx, app } = testApp();
    const member = await signIn(app, { email: 'portfolio-new@example.test', username: 'portfolionew' });
    await makePremium(testApp(), member.user.id);
    // A linked pair: the market price is a deadstock price, and this pair is a 9 (a tenth off).
    const linked = await buildSneaker(ctx, {
      userId: member.user.id,
      name: 'Linked',
      brand: 'Nike',
      condition: '9',
      marketPrice: '200.00',
      estimatedValue: '150.00',
    });
    const deadstock = await buildSneaker(ctx, { userId: member.user.id, name: 'Deadstock', brand: 'Nike', condition: '10', marketPrice: '100.00' });
    // Not linked: the owner's own estimate, as given.
    const estimated = await buildSneaker(ctx, {
      userId: member.user.id,
      name: 'Estimated',
      brand: 'Jordan',
      condition: '8',
      estimatedValue: '250.00',
    });
    ctx.now = () => NOW;

    const res = await member.get('/api/analytics/portfolio?period=30d');
    expect(res.status).toBe(200);
    expect(PortfolioAnalyticsSchema.parse(res.body)).toEqual(res.body);
    // 200 × 0.9 + 100 + 250 = 530.00
    expect(res.body).toMatchObject({
      state: 'ready',
      totalValueCents: 53000,
      totalItems: 3,
      valuedItems: 3,
      hasPriceHistory: false,
      includesDemoHistory: false,
      valueSources: { market: 2, estimate: 1 },
      growth: { baselineCents: 53000, changeCents: 0, changePercent: 0 },
    });
    const byId = new Map(res.body.movers.map((m: { sneakerId: number }) => [m.sneakerId, m]));
    expect(byId.get(linked.id)).toMatchObject({ valueCents: 18000, valueSource: 'market', isAddedDuringPeriod: true });
    expect(byId.get(deadstock.id)).toMatchObject({ valueCents: 10000, valueSource: 'market' });
    expect(byId.get(estimated.id)).toMatchObject({ valueCents: 25000, valueSource: 'estimate' });
    expect(res.body.series.at(-1)).toEqual({ date: '2025-06-30', valueCents: 53000 });

    // A change of condition revalues the pair at once (the kept figures are keyed by it).
    await ctx.db.update(sneakers).set({ condition: '10' }).where(eq(sneakers.id, linked.id));
    expect((await member.get('/api/analytics/portfolio?period=30d')).body.totalValueCents).toBe(55000);

    const csv = parseCsv(String((await member.get('/api/analytics/portfolio.csv?period=30d')).body), { bom: true });
    expect(csv[1]).toEqual(['Linked', 'Nike', 'US 10', '10.0', '200.00', '', '']);
  });

  it('labels demo history and values market-priced history by condition', async () => {
    const { ctx, app } = testApp();
    const member = await signIn(app, { email: 'portfolio-demo@example.test', username: 'portfoliodemo' });
    await makePremium(testApp(), member.user.id);
    const pair = await buildSneaker(ctx, { userId: member.user.id, name: 'Worn', condition: '8', marketPrice: '300.00' });
    await ctx.db.insert(priceSnapshots).values({ ...priceSnapshotRow(pair.id, '300.00', new Date('2025-06-29T10:00:00.000Z')), source: 'demo' });
    ctx.now = () => NOW;
    const { body } = await member.get('/api/analytics/portfolio?period=7d');
    // 300 × 0.8 = 240.00
    expect(body).toMatchObject({ state: 'ready', totalValueCents: 24000, hasPriceHistory: true, includesDemoHistory: true });
    expect(body.movers[0]).toMatchObject({ valueSource: 'market', valueCents: 24000 });
  });

  it('is for premium members only: 401 for a visitor, 403 for a standard or lapsed member', async () => {
    const { app, ctx } = testApp();
    const visitor = new TestClient(app);
    const standard = await signIn(app, { email: 'portfolio-standard@example.test', username: 'portfoliostandard' });
    const lapsed = await signIn(app, { email: 'portfolio-lapsed@example.test', username: 'portfoliolapsed' });
    // Paid for a period that ended yesterday; the lapse job has not switched the flag off yet.
    await ctx.db
      .update(users)
      .set({
        isPremiumMember: true,
        membershipPaidAt: new Date(Date.now() - 31 * 24 * 3600_000),
        membershipPeriodEnd: new Date(Date.now() - 24 * 3600_000),
      })
      .where(eq(users.id, lapsed.user.id));
    membersChanged();
    for (const url of ['/api/analytics/portfolio?period=7d', '/api/analytics/portfolio.csv']) {
      const anonymous = await visitor.get(url);
      expect(anonymous.status, url).toBe(401);
      expect(anonymous.body.code).toBe('UNAUTHENTICATED');
      for (const client of [standard, lapsed]) {
        const refused = await client.get(url);
        expect(refused.status, `${client.user.username} ${url}`).toBe(403);
        expect(refused.body.code).toBe('FORBIDDEN');
      }
    }
  });
});

describe('portfolio analytics on the demo data', () => {
  const testApp = useTestApp({ SEED_DEMO: '1' });

  // Seeding the whole demo takes 30-50 s on a busy two-core machine: the seed's own tests allow 5 minutes too.
  it('gives a demo member made premium a year of real figures from the seeded history', { timeout: 300_000 }, async () => {
    const { app, ctx } = testApp();
    await seedDemo(ctx);
    const demo = DEMO_MEMBERS[0]!;
    const member = await signIn(app, { email: demo.email, username: demo.username });
    await ctx.db.update(users).set({ isPremiumMember: true }).where(eq(users.id, member.user.id));
    membersChanged();

    const res = await member.get('/api/analytics/portfolio?period=1y');
    expect(res.status).toBe(200);
    expect(res.body.state).toBe('ready');
    expect(res.body.totalItems).toBe(demo.count);
    expect(res.body.valuedItems).toBe(demo.count);
    expect(res.body.totalValueCents).toBeGreaterThan(0);
    expect(res.body.series).toHaveLength(366);
    // The demo history reaches back a year: the series is valued from its first day.
    expect(res.body.series[0].valueCents).toBeGreaterThan(0);
    expect(res.body.movers).toHaveLength(demo.count);
    expect(res.body.brands.length).toBeGreaterThan(0);
  });
});
