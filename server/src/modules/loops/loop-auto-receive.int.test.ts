import { DAY_MS } from '@soleswap/contracts/time';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { escrowLocks, ledgerEntries, sneakers } from '../../db/schema/index';
import { useTestApp } from '../../../test/test-app';
import { withClockAhead } from '../../../test/clock';
import { expectLedgerValidAfterAll, shipBody } from '../trades/trades.int-helpers';
import { acceptLoopAs, proposedThreeLoop, releasesInSize10 } from './loops.int-helpers';
import { sweepLoopDeadlines } from './sweep-loop-deadlines';

/** Received means received for loops too (docs/rules/loops.md): 7 transit days + 3 days to confirm, by default. */
describe('a loop leg nobody confirms in time', () => {
  const testApp = useTestApp();
  expectLedgerValidAfterAll(testApp);
  let releases: number[] = [];
  let next = 0;
  beforeAll(async () => {
    releases = await releasesInSize10(testApp());
  });

  /** An active three-member loop, every member's pair shipped. */
  async function shippedLoop() {
    const loop = await proposedThreeLoop(testApp(), releases, (next += 3) - 3);
    for (const m of [loop.a, loop.b, loop.c]) await acceptLoopAs(m, loop.loopId);
    for (const m of [loop.a, loop.b, loop.c]) expect((await m.post(`/api/loops/${loop.loopId}/ship`, shipBody())).status).toBe(200);
    return loop;
  }

  /** Runs the deadline sweep as if `days` had passed. */
  const sweepAfter = (days: number) => withClockAhead(testApp().ctx, days, () => sweepLoopDeadlines(testApp().ctx));

  it('is confirmed by the system past its receive-by, and the last receipt completes the loop', async () => {
    const { ctx } = testApp();
    const { a, b, c, loopId } = await shippedLoop();
    await a.post(`/api/loops/${loopId}/receive`);
    await b.post(`/api/loops/${loopId}/receive`);
    const view = (await c.get(`/api/loops/${loopId}`)).body;
    expect(new Date(view.myReceive.receiveBy).getTime() - new Date(view.myReceive.shippedAt).getTime()).toBe(10 * DAY_MS);

    expect((await sweepAfter(9.9)).autoReceived).not.toContain(loopId);
    expect((await sweepAfter(10.1)).autoReceived).toContain(loopId);
    expect((await c.get(`/api/loops/${loopId}`)).body).toMatchObject({ status: 'completed', escrowStatus: 'released', allowedActions: [] });
    expect(await ctx.db.select().from(escrowLocks).where(eq(escrowLocks.loopId, loopId))).toEqual([]);
    // Cat now owns the pair coming to her, as if she had confirmed it herself.
    const [owner] = await ctx.db.select({ userId: sneakers.userId }).from(sneakers).where(eq(sneakers.id, view.myReceive.sneakerIds[0]));
    expect(owner!.userId).toBe(c.user.id);
    const entries = await ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.loopId, loopId)).orderBy(ledgerEntries.id);
    expect(entries.map((e) => [e.event, e.payload]).slice(-2)).toEqual([
      ['receive', { position: expect.any(Number), automatic: true }],
      ['release', expect.anything()],
    ]);
  });

  it('is not confirmed once a member reported a problem', async () => {
    const { a, loopId } = await shippedLoop();
    await a.post(`/api/loops/${loopId}/dispute`, { reason: 'The box arrived empty' });
    expect((await sweepAfter(30)).autoReceived).not.toContain(loopId);
    expect((await a.get(`/api/loops/${loopId}`)).body.status).toBe('disputed');
  });
});
