import { afterEach, describe, expect, it } from 'vitest';
import { buildSneaker, buildUser, makePremiumMember, priceSnapshotRow } from '../../../../test/factories';
import { signIn, useTestApp } from '../../../../test/test-app';
import { priceSnapshots } from '../../../db/schema/index';

/**
 * The one case of the kept portfolio figures (portfolio-memo.ts) that needs two connections: a
 * snapshot inserted before another but committed after it has the lower id, so the newest id
 * does not change when it commits. Figures read while it was open are therefore never kept.
 */

const NOW = new Date('2025-06-30T12:00:00.000Z');
const HOUR = 3600_000;

describe('kept portfolio figures and a snapshot committed out of id order', () => {
  const testApp = useTestApp();
  const realNow = () => new Date();
  afterEach(() => {
    testApp().ctx.now = realNow;
  });

  it('shows the late-committed snapshot on the next read', async () => {
    const { ctx, app } = testApp();
    const member = await signIn(app, { email: 'portfolio-memo-pg@example.test', username: 'portfoliomemopg' });
    await makePremiumMember(ctx, member.user.id, NOW);
    const mine = await buildSneaker(ctx, { userId: member.user.id, name: 'Dunk Low Panda', brand: 'Nike' });
    const theirs = await buildSneaker(ctx, { userId: (await buildUser(ctx)).id, name: 'Not mine', brand: 'Nike' });
    const at = (hoursBefore: number) => new Date(NOW.getTime() - hoursBefore * HOUR);
    const row = (sneakerId: number, capturedAt: Date, price: string) => priceSnapshotRow(sneakerId, price, capturedAt);
    await ctx.db.insert(priceSnapshots).values(row(mine.id, at(48), '100.00'));
    ctx.now = () => NOW;
    const read = async () => {
      const res = await member.get('/api/analytics/portfolio?period=7d');
      expect(res.status).toBe(200);
      return res.body.totalValueCents as number;
    };

    await ctx.db.transaction(async (tx) => {
      // Takes the lower id and stays open...
      await tx.insert(priceSnapshots).values(row(mine.id, at(2), '150.00'));
      // ...while another pair's snapshot takes the next id and commits.
      await ctx.db.insert(priceSnapshots).values(row(theirs.id, at(1), '70.00'));
      expect(await read()).toBe(10_000);
    });
    expect(await read()).toBe(15_000);
  });
});
