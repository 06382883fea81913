import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { escrowLocks, trades } from '../../db/schema/index';
import { buildSneaker, buildUser } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { verifyLedger } from '../ledger/verify-ledger';
import { seedDemoTrades } from './seed-demo-trades';

describe('demo trades', () => {
  const testApp = useTestApp();

  it('does nothing without at least two members owning sneakers', async () => {
    const { ctx } = testApp();
    const loner = await buildUser(ctx);
    await buildSneaker(ctx, { userId: loner.id });
    expect(await seedDemoTrades(ctx)).toEqual({});
  });

  it('creates one trade of each status through the services, with escrow and ledger consistent, once', async () => {
    const { ctx } = testApp();
    const members = [await buildUser(ctx), await buildUser(ctx), await buildUser(ctx)];
    for (const m of members) for (let i = 0; i < 4; i++) await buildSneaker(ctx, { userId: m.id });

    const created = await seedDemoTrades(ctx, { memberIds: members.map((m) => m.id) });
    expect(Object.keys(created).sort()).toEqual(['accepted', 'cancelled', 'completed', 'disputed', 'pending', 'rejected']);
    for (const [status, id] of Object.entries(created)) {
      const [row] = await ctx.db.select().from(trades).where(eq(trades.id, id));
      expect(row!.status).toBe(status);
    }
    const [completed] = await ctx.db.select().from(trades).where(eq(trades.id, created.completed!));
    expect(completed!.escrowStatus).toBe('released');
    const lockedTrades = new Set((await ctx.db.select().from(escrowLocks)).map((l) => l.tradeId));
    expect(lockedTrades).toEqual(new Set([created.accepted, created.disputed]));
    expect(await verifyLedger(ctx)).toMatchObject({ valid: true });

    expect(await seedDemoTrades(ctx)).toEqual({});
  });
});
