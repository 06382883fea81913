import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { DAY_MS } from '@soleswap/contracts/time';
import { SHIP_DEADLINE_DAYS } from '@soleswap/contracts/trades';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../db/migrate';
import { trades } from '../../db/schema/index';
import { useTestApp } from '../../../test/test-app';
import { JOB_HANDLERS } from '../register-jobs';
import { chooseShipTos, memberWithSneakers, proposal, shipBody } from './trades.int-helpers';

/** Migration 0074's statements that backfill existing trades (the UPDATEs). */
const backfillStatements = () => {
  const file = readdirSync(MIGRATIONS_DIR).find((name) => name.startsWith('0074_'))!;
  return readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter((s) => s.startsWith('UPDATE'));
};

/**
 * Issue #42: money re-derived who was at fault in a trade's ending from which cancel-request and
 * shipped columns were null. The transition that ends a trade now records the ending, and
 * protection holds read it (protection-holds.ts).
 */
describe('the transition that ends a trade records its cause and who was at fault (issue #42)', () => {
  const testApp = useTestApp();

  async function acceptedTrade() {
    const alice = await memberWithSneakers(testApp(), 'alice');
    const bob = await memberWithSneakers(testApp(), 'bob');
    const proposed = await alice.post('/api/trades', proposal(alice, bob));
    expect(proposed.status).toBe(201);
    expect((await bob.post(`/api/trades/${proposed.body.id}/accept`)).status).toBe(200);
    await chooseShipTos(proposed.body.id, alice, bob);
    return { alice, bob, tradeId: proposed.body.id as number };
  }
  const endingOf = async (tradeId: number) => {
    const [row] = await testApp().ctx.db.select().from(trades).where(eq(trades.id, tradeId));
    return { cause: row!.endedCause, atFault: row!.endedAtFaultIds };
  };

  it('records each ending as it happens, and migration 0074 backfills the same endings from the old columns', async () => {
    const ctx = testApp().ctx;
    const admin = await memberWithSneakers(testApp(), 'admin', 0, 'admin');

    // Both ask to cancel after Alice shipped: nobody is at fault.
    const mutual = await acceptedTrade();
    expect((await mutual.alice.post(`/api/trades/${mutual.tradeId}/ship`, shipBody())).status).toBe(200);
    await mutual.alice.post(`/api/trades/${mutual.tradeId}/cancel`);
    expect((await mutual.bob.post(`/api/trades/${mutual.tradeId}/cancel`)).body.status).toBe('cancelled');
    expect(await endingOf(mutual.tradeId)).toEqual({ cause: 'mutual_cancel', atFault: [] });

    // Bob opens a dispute and the admin refunds: the ruling goes against Alice.
    const disputed = await acceptedTrade();
    await disputed.bob.post(`/api/trades/${disputed.tradeId}/dispute`, { reason: 'Box was empty' });
    expect((await admin.post(`/api/trades/${disputed.tradeId}/resolve`, { outcome: 'cancelled' })).body.status).toBe('cancelled');
    expect(await endingOf(disputed.tradeId)).toEqual({ cause: 'dispute_refunded', atFault: [disputed.alice.user.id] });

    // Both receive: completed, nobody at fault.
    const completed = await acceptedTrade();
    for (const member of [completed.alice, completed.bob]) await member.post(`/api/trades/${completed.tradeId}/ship`, shipBody());
    for (const member of [completed.alice, completed.bob]) await member.post(`/api/trades/${completed.tradeId}/receive`);
    expect(await endingOf(completed.tradeId)).toEqual({ cause: 'completed', atFault: [] });

    // Alice ships, Bob asks to cancel alone and never ships: the deadline cancels it, and Bob missed it.
    const late = await acceptedTrade();
    expect((await late.alice.post(`/api/trades/${late.tradeId}/ship`, shipBody())).status).toBe(200);
    await late.bob.post(`/api/trades/${late.tradeId}/cancel`);
    const realNow = ctx.now;
    ctx.now = () => new Date(Date.now() + (SHIP_DEADLINE_DAYS + 0.1) * DAY_MS);
    try {
      await JOB_HANDLERS['trades.sweep-deadlines']!(ctx, {});
    } finally {
      ctx.now = realNow;
    }
    expect(await endingOf(late.tradeId)).toEqual({ cause: 'ship_deadline', atFault: [late.bob.user.id] });

    // A trade still running has no ending.
    const running = await acceptedTrade();
    expect(await endingOf(running.tradeId)).toEqual({ cause: null, atFault: [] });

    // Trades ended before 0074 had no ending recorded: the migration derives the same ones.
    const ids = [mutual, disputed, completed, late, running].map((t) => t.tradeId);
    const recorded = await Promise.all(ids.map(endingOf));
    await ctx.db.update(trades).set({ endedCause: null, endedAtFaultIds: [] }).where(inArray(trades.id, ids));
    for (const statement of backfillStatements()) await ctx.db.execute(sql.raw(statement));
    expect(await Promise.all(ids.map(endingOf))).toEqual(recorded);
  });
});
