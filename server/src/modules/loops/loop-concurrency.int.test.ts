import { eq, or } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { escrowLocks } from '../../db/schema/index';
import { useTestApp } from '../../../test/test-app';
import { expectLedgerValidAfterAll } from '../trades/trades.int-helpers';
import { acceptLoopAs, proposedThreeLoop, releasesInSize10 } from './loops.int-helpers';

/**
 * The escrow invariant across trades and loops under real concurrency: on PostgreSQL these
 * requests run in parallel transactions; on PGlite they are serialized, and the outcome must
 * be the same.
 */
describe('a pair wanted by a loop and a trade at once', () => {
  const testApp = useTestApp();
  expectLedgerValidAfterAll(testApp);
  let releases: number[] = [];
  beforeAll(async () => {
    releases = await releasesInSize10(testApp());
  });

  it('ends up in exactly one of them when the last loop acceptance and the trade acceptance race', async () => {
    for (let round = 0; round < 3; round++) {
      const { a, b, c, pairs, loopId } = await proposedThreeLoop(testApp(), releases, round * 3);
      // Ben also proposes a plain trade to Ann for her pair; the loop needs that same pair.
      const trade = await b.post('/api/trades', { receiverId: a.user.id, proposerSneakerIds: [pairs.b.id], receiverSneakerIds: [pairs.a.id] });
      expect(trade.status).toBe(201);
      await acceptLoopAs(b, loopId);
      await acceptLoopAs(c, loopId);

      const [loopAnswer, tradeAnswer] = await Promise.all([acceptLoopAs(a, loopId), a.post(`/api/trades/${trade.body.id}/accept`)]);
      const wins = [loopAnswer.status, tradeAnswer.status].filter((s) => s === 200);
      expect(wins).toHaveLength(1);
      const loser = loopAnswer.status === 200 ? tradeAnswer : loopAnswer;
      expect(loser.status).toBe(409);
      expect(loser.body.code).toBe('SNEAKER_LOCKED');

      const locks = await testApp()
        .ctx.db.select()
        .from(escrowLocks)
        .where(or(eq(escrowLocks.sneakerId, pairs.a.id), eq(escrowLocks.sneakerId, pairs.b.id)));
      expect(locks).toHaveLength(2);
      const holder = loopAnswer.status === 200 ? { loopId, tradeId: null } : { loopId: null, tradeId: trade.body.id };
      for (const lock of locks) expect(lock).toMatchObject(holder);
      const loopNow = (await a.get(`/api/loops/${loopId}`)).body;
      expect(loopNow.status).toBe(loopAnswer.status === 200 ? 'active' : 'proposed');
    }
  });
});
