import { describe, expect, it } from 'vitest';
import { escrowLocks, trades } from '../../db/schema/index';
import { buildSneaker, buildUser } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { seedDemo } from '../demo/seed-demo';
import { verifyLedger } from '../ledger/verify-ledger';
import { moneyViolations } from './protection-holds.int-helpers';
import { seedDemoTrades } from './seed-demo-trades';

describe('demo trades', () => {
  const testApp = useTestApp();
  const allTrades = () => testApp().ctx.db.select().from(trades);

  it('does nothing without at least two members owning sneakers', async () => {
    const { ctx } = testApp();
    const loner = await buildUser(ctx);
    await buildSneaker(ctx, { userId: loner.id });
    await seedDemoTrades(ctx);
    expect(await allTrades()).toEqual([]);
  });

  it('creates one trade of each status through the services, with escrow and ledger consistent, once', async () => {
    const { ctx } = testApp();
    const members = [await buildUser(ctx), await buildUser(ctx), await buildUser(ctx)];
    for (const m of members) for (let i = 0; i < 4; i++) await buildSneaker(ctx, { userId: m.id });
    // A hidden sneaker is never put in a demo trade.
    await buildSneaker(ctx, { userId: members[0]!.id, isAvailableForTrade: false });

    await seedDemoTrades(ctx, { members });
    const seeded = await allTrades();
    const byStatus = new Map(seeded.map((t) => [t.status, t]));
    expect([...byStatus.keys()].sort()).toEqual(['accepted', 'cancelled', 'completed', 'disputed', 'pending', 'rejected']);
    expect(seeded).toHaveLength(6);
    expect(byStatus.get('completed')!.escrowStatus).toBe('released');
    expect(byStatus.get('cancelled')!.escrowStatus).toBe('refunded');
    const lockedTrades = new Set((await ctx.db.select().from(escrowLocks)).map((l) => l.tradeId));
    expect(lockedTrades).toEqual(new Set([byStatus.get('accepted')!.id, byStatus.get('disputed')!.id]));
    expect(await verifyLedger(ctx)).toMatchObject({ valid: true });

    await seedDemoTrades(ctx, { members });
    expect(await allTrades()).toHaveLength(6);
  });
});

describe('demo trades on the real demo community', () => {
  // Protection holds on, as in development: the demo members are new to trading.
  const testApp = useTestApp({ PROTECTION_HOLD_COMPLETED_TRADES: '3' });

  it('plugs into the demo seeder and gives every status among the demo members', async () => {
    const { ctx } = testApp();
    const demo = await seedDemo(ctx, { seedDemoTrades });
    const seeded = await ctx.db.select().from(trades);
    expect(seeded.map((t) => t.status).sort()).toEqual(['accepted', 'cancelled', 'completed', 'disputed', 'pending', 'rejected']);
    const memberIds = new Set(demo.members.map((m) => m.id));
    for (const t of seeded) expect(memberIds.has(t.proposerId) && memberIds.has(t.receiverId)).toBe(true);
    expect(await verifyLedger(ctx)).toMatchObject({ valid: true });
    // Some of their pairs are worth more than $200: those holds were taken on the demo card and settled.
    expect(seeded.some((t) => t.proposerHoldCents > 0 && t.receiverHoldCents > 0)).toBe(true);
    await ctx.events.idle();
    expect(await moneyViolations(ctx.db)).toEqual([]);
  });
});
