import { describe, expect, it } from 'vitest';
import { buildSneaker, buildTrade, buildUser } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { findNotifications } from './find-notifications';

/**
 * Domain events are delivered to their listeners concurrently: a trade proposed and at once
 * cancelled must still reach the other party's bell in that order, the cancellation on top, even
 * when the proposal's listener (which reads the proposer's name) finishes after the cancellation's.
 */
describe('notifications in the order things happened', () => {
  const testApp = useTestApp();

  it('lists a cancellation above the proposal it cancelled, though its listener finished first', async () => {
    const { ctx } = testApp();
    const alice = await buildUser(ctx);
    const bob = await buildUser(ctx);
    for (let round = 0; round < 3; round++) {
      const mine = await buildSneaker(ctx, { userId: alice.id });
      const theirs = await buildSneaker(ctx, { userId: bob.id });
      const trade = await buildTrade(ctx, {
        proposerId: alice.id,
        receiverId: bob.id,
        proposerSneakerIds: [mine.id],
        receiverSneakerIds: [theirs.id],
      });
      const userIds = [alice.id, bob.id];
      ctx.events.emit('trade.changed', { tradeId: trade.id, action: 'propose', actorId: alice.id, status: 'pending', userIds });
      // The scheduler's change names nobody, so its listener reads no name and is done first.
      ctx.events.emit('trade.changed', { tradeId: trade.id, action: 'ship-deadline', actorId: null, status: 'cancelled', userIds });
      await ctx.events.idle();
    }

    const page = await findNotifications(ctx, { userId: bob.id, query: { limit: 10 } });
    expect(page.items.map((n) => n.kind)).toEqual([
      'trade.cancelled',
      'trade.proposed',
      'trade.cancelled',
      'trade.proposed',
      'trade.cancelled',
      'trade.proposed',
    ]);
  });
});
