import { DAY_MS } from '@soleswap/contracts/time';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildSneaker, buildTrade, buildUser } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { catalogReleases, priceSnapshots } from '../../db/schema/index';
import { enqueue } from '../../jobs/job-queue';
import { JOB_HANDLERS, RECURRING_JOBS } from '../register-jobs';
import { runNextJob } from '../../jobs/job-worker';
import { seedCatalog } from '../catalog/seed-catalog';
import { loadInternalMarket } from './internal-market-loader';
import { DAILY_PRICES_JOB } from './snapshot-daily-prices';

describe('the daily price snapshot job', () => {
  const testApp = useTestApp();

  const countOn = async (day: string) => {
    const { ctx } = testApp();
    const [row] = await ctx.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(priceSnapshots)
      .where(and(eq(priceSnapshots.source, 'daily'), eq(priceSnapshots.capturedOn, day)));
    return row!.n;
  };

  it('writes one snapshot per release and sneaker per day, however often it runs', async () => {
    const { ctx } = testApp();
    await seedCatalog(ctx);
    const owner = await buildUser(ctx);
    const [release] = await ctx.db.select().from(catalogReleases).limit(1);
    await buildSneaker(ctx, { userId: owner.id, catalogReleaseId: release!.id, estimatedValue: '10.00' });
    await buildSneaker(ctx, { userId: owner.id, estimatedValue: '123.45' });
    await buildSneaker(ctx, { userId: owner.id, isAvailableForTrade: false, marketPrice: '99.00', estimatedValue: '80.00' });

    const day1 = new Date('2026-03-01T06:00:00Z');
    ctx.now = () => day1;
    expect(RECURRING_JOBS.map((j) => j.kind)).toContain(DAILY_PRICES_JOB);
    await enqueue(ctx.db, DAILY_PRICES_JOB, {}, { uniqueKey: DAILY_PRICES_JOB, runAt: day1 });
    const job = await runNextJob(ctx, { handlers: { [DAILY_PRICES_JOB]: JOB_HANDLERS[DAILY_PRICES_JOB]! }, recurring: [] });
    expect(job).toMatchObject({ kind: DAILY_PRICES_JOB, failed: false });
    expect(await countOn('2026-03-01')).toBe(100 + 3);

    // Later the same day: nothing new for the sneakers already priced today; a pair listed since
    // the first run gets its price, and one listed before the day began was in the first run.
    ctx.now = () => new Date(day1.getTime() + 12 * 60 * 60 * 1000);
    await JOB_HANDLERS[DAILY_PRICES_JOB]!(ctx, {});
    expect(await countOn('2026-03-01')).toBe(103);
    await buildSneaker(ctx, { userId: owner.id, estimatedValue: '55.00', createdAt: new Date(day1.getTime() + 8 * 60 * 60 * 1000) });
    await JOB_HANDLERS[DAILY_PRICES_JOB]!(ctx, {});
    expect(await countOn('2026-03-01')).toBe(104);
    ctx.now = () => new Date(day1.getTime() + DAY_MS);
    await JOB_HANDLERS[DAILY_PRICES_JOB]!(ctx, {});
    expect(await countOn('2026-03-02')).toBe(104);

    // A linked sneaker is priced at its release, an unlinked one at its market price, else its estimate.
    const prices = await ctx.db
      .select({ sneakerId: priceSnapshots.sneakerId, price: priceSnapshots.price })
      .from(priceSnapshots)
      .where(and(eq(priceSnapshots.capturedOn, '2026-03-02'), sql`${priceSnapshots.sneakerId} is not null`));
    expect(prices.map((p) => p.price).sort()).toEqual([release!.marketPrice, '123.45', '99.00', '55.00'].sort());
    ctx.now = () => new Date();
  });
});

describe('the internal market from completed trades', () => {
  const testApp = useTestApp();

  it("values each pair at what the other side gave, shared by the pairs' own estimates", async () => {
    const { ctx } = testApp();
    await seedCatalog(ctx);
    const [a, b] = await ctx.db.select().from(catalogReleases).limit(2);
    const [alice, bob] = [await buildUser(ctx), await buildUser(ctx)];
    const given = await buildSneaker(ctx, { userId: alice.id, catalogReleaseId: b!.id, estimatedValue: '300.00' });
    const one = await buildSneaker(ctx, { userId: bob.id, catalogReleaseId: a!.id, estimatedValue: '100.00' });
    const two = await buildSneaker(ctx, { userId: bob.id, catalogReleaseId: a!.id, estimatedValue: '200.00' });
    const completedAt = new Date(ctx.now().getTime() - 2 * DAY_MS);
    await buildTrade(ctx, {
      proposerId: alice.id,
      receiverId: bob.id,
      proposerSneakerIds: [given.id],
      receiverSneakerIds: [one.id, two.id],
      status: 'completed',
      completedAt,
    });
    // Too old to count, and a trade that did not complete.
    await buildTrade(ctx, {
      proposerId: alice.id,
      receiverId: bob.id,
      proposerSneakerIds: [given.id],
      receiverSneakerIds: [one.id],
      status: 'completed',
      completedAt: new Date(ctx.now().getTime() - 200 * DAY_MS),
    });
    await buildTrade(ctx, {
      proposerId: alice.id,
      receiverId: bob.id,
      proposerSneakerIds: [given.id],
      receiverSneakerIds: [two.id],
      status: 'rejected',
    });

    const query = (releaseId: number) => ({ catalogReleaseId: releaseId, brand: '', model: '', colorway: null, styleCode: null });
    const forA = await loadInternalMarket(ctx, query(a!.id));
    expect(forA.catalog).toMatchObject({ lastCents: Math.round(Number(a!.marketPrice) * 100) });
    expect(forA.trades.map((t) => t.valueCents).sort()).toEqual([10_000, 20_000]);
    expect(forA.trades[0]!.completedAt.getTime()).toBe(completedAt.getTime());
    expect((await loadInternalMarket(ctx, query(b!.id))).trades.map((t) => t.valueCents)).toEqual([30_000]);
  });
});
