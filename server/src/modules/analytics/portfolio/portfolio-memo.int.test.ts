import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildPriceSnapshot, buildSneaker, makePremiumMember } from '../../../../test/factories';
import { QueryLog, signIn, useTestApp, type TestApp } from '../../../../test/test-app';
import { sneakers, users } from '../../../db/schema/index';
import { membersChanged } from '../../users/member-changes';

/**
 * The portfolio's figures are kept between requests (portfolio-memo.ts). These tests ask twice
 * and change one thing in between: whatever changed shows in the very next answer.
 */

const NOW = new Date('2025-06-30T12:00:00.000Z');
const HOUR = 3600_000;

const makePremium = (testApp: TestApp, userId: string) => makePremiumMember(testApp.ctx, userId, NOW);
const snapshot = (testApp: TestApp, sneakerId: number, capturedAt: Date, price: string) =>
  buildPriceSnapshot(testApp.ctx, { sneakerId, price, capturedAt });

const log = new QueryLog();

describe('kept portfolio figures', () => {
  const testApp = useTestApp({}, { logger: log });
  const realNow = () => new Date();
  afterEach(() => {
    testApp().ctx.now = realNow;
  });

  let members = 0;
  /** A premium member with two priced pairs: $100 → $120 and $200 → $180 over the week. */
  async function collector() {
    const { ctx, app } = testApp();
    members += 1;
    const member = await signIn(app, { email: `portfolio-memo-${members}@example.test`, username: `portfoliomemo${members}` });
    await makePremium(testApp(), member.user.id);
    const a = await buildSneaker(ctx, { userId: member.user.id, name: 'Dunk Low Panda', brand: 'Nike' });
    const b = await buildSneaker(ctx, { userId: member.user.id, name: 'AJ4 Bred', brand: 'Jordan' });
    await snapshot(testApp(), a.id, new Date(NOW.getTime() - 10 * 24 * HOUR), '100.00');
    await snapshot(testApp(), a.id, new Date(NOW.getTime() - 2 * HOUR), '120.00');
    await snapshot(testApp(), b.id, new Date(NOW.getTime() - 10 * 24 * HOUR), '200.00');
    await snapshot(testApp(), b.id, new Date(NOW.getTime() - 3 * HOUR), '180.00');
    ctx.now = () => NOW;
    const read = async (period = '7d') => {
      const res = await member.get(`/api/analytics/portfolio?period=${period}`);
      expect(res.status).toBe(200);
      return res.body;
    };
    return { member, a, b, read };
  }

  it('answers a repeated read from one statement after the session, with the same figures and a fresh asOf', async () => {
    const { read } = await collector();
    const first = await read();
    expect(first.totalValueCents).toBe(30_000);
    testApp().ctx.now = () => new Date(NOW.getTime() + 60_000);
    log.take();
    const second = await read();
    // After the session with its member (kept in memory on the embedded database), the stamp
    // (premium, locker, prices).
    const statements = log.take().filter((entry) => !/from "sessions"/.test(entry.sql));
    expect(statements).toHaveLength(1);
    expect(second).toEqual({ ...first, asOf: new Date(NOW.getTime() + 60_000).toISOString() });
  });

  it('shows a new price snapshot at once', async () => {
    const { a, read } = await collector();
    expect((await read()).totalValueCents).toBe(30_000);
    await snapshot(testApp(), a.id, new Date(NOW.getTime() - HOUR), '150.00');
    const after = await read();
    expect(after.totalValueCents).toBe(33_000);
    expect(after.series.at(-1).valueCents).toBe(33_000);
  });

  it('shows a pair added, renamed, traded away or deleted at once', async () => {
    const { ctx } = testApp();
    const { member, a, b, read } = await collector();
    expect((await read()).totalItems).toBe(2);

    const c = await buildSneaker(ctx, { userId: member.user.id, name: 'Samba', brand: 'Adidas' });
    await snapshot(testApp(), c.id, new Date(NOW.getTime() - 5 * 24 * HOUR), '80.00');
    expect(await read()).toMatchObject({ totalItems: 3, totalValueCents: 38_000 });

    await ctx.db.update(sneakers).set({ name: 'Samba OG' }).where(eq(sneakers.id, c.id));
    expect((await read()).movers.map((m: { name: string }) => m.name)).toContain('Samba OG');

    const other = await signIn(testApp().app, { email: `portfolio-memo-other-${members}@example.test`, username: `portfoliomemoother${members}` });
    await ctx.db.update(sneakers).set({ userId: other.user.id }).where(eq(sneakers.id, b.id));
    expect(await read()).toMatchObject({ totalItems: 2, totalValueCents: 20_000 });

    // Its snapshots go with it (on delete cascade).
    await ctx.db.delete(sneakers).where(eq(sneakers.id, a.id));
    expect(await read()).toMatchObject({ totalItems: 1, totalValueCents: 8_000 });
  });

  it('refuses a member whose membership lapsed at once, kept figures or not', async () => {
    const { member, read } = await collector();
    await read();
    await testApp()
      .ctx.db.update(users)
      .set({ membershipPeriodEnd: new Date(NOW.getTime() - HOUR) })
      .where(eq(users.id, member.user.id));
    membersChanged();
    expect((await member.get('/api/analytics/portfolio?period=7d')).status).toBe(403);
  });

  it('counts a snapshot dated later than the read once its time comes, and never answers an earlier clock from later figures', async () => {
    const { a, read } = await collector();
    await snapshot(testApp(), a.id, new Date(NOW.getTime() + HOUR), '500.00');
    expect((await read()).totalValueCents).toBe(30_000);
    testApp().ctx.now = () => new Date(NOW.getTime() + 2 * HOUR);
    expect((await read()).totalValueCents).toBe(68_000);
    testApp().ctx.now = () => NOW;
    expect((await read()).totalValueCents).toBe(30_000);
  });

  it('keeps each period apart and starts a new day afresh', async () => {
    const { read } = await collector();
    const week = await read('7d');
    const month = await read('30d');
    expect(week.series).toHaveLength(8);
    expect(month.series).toHaveLength(31);
    expect((await read('7d')).series).toHaveLength(8);
    testApp().ctx.now = () => new Date(NOW.getTime() + 24 * HOUR);
    const tomorrow = await read('7d');
    expect(tomorrow.periodStart).toBe('2025-06-24');
  });
});
