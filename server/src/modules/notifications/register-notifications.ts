import type { FastifyInstance } from 'fastify';
import { createNotifications } from './create-notifications';
import { notificationsRoutes } from './notifications.routes';
import { findUsernames } from './notification-subjects';
import { notifyFollowersOfListing } from './notify-followers-of-listing';
import { notifyMatchFound } from './notify-match-found';
import { notifyNewFollower } from './notify-new-follower';
import { NewMessageNotifier } from './notify-new-message';
import { notifyTradeChanged } from './notify-trade-changed';
import { notifyLoopChanged } from './notify-loop-changed';
import { PerMemberSequence } from './per-member-sequence';

/** The bell's routes, and the domain events that add to it (all heard after their work committed). */
export async function registerNotifications(app: FastifyInstance) {
  const { ctx } = app;
  // A member's trade, follower and match notifications are stored in the order their events were
  // emitted, whichever listener would finish first (per-member-sequence.ts). Messages count into
  // one notification per thread and listings go to every follower: those run as they come.
  const inOrder = new PerMemberSequence();
  ctx.events.on('trade.changed', (event) => inOrder.run(event.userIds, () => notifyTradeChanged(ctx, event)));
  ctx.events.on('loop.changed', (event) => inOrder.run(event.userIds, () => notifyLoopChanged(ctx, event)));
  ctx.events.on('follow.created', (event) => inOrder.run([event.followingId], () => notifyNewFollower(ctx, event)));
  ctx.events.on('sneaker.created', (event) => notifyFollowersOfListing(ctx, event));
  const messages = new NewMessageNotifier(ctx);
  ctx.events.on('message.created', (event) => messages.notify(event));
  ctx.events.on('user.signedInFromNewDevice', ({ userId, device, place }) =>
    inOrder.run([userId], () => createNotifications(ctx, [{ userId, kind: 'account.signed-in', payload: { device, ...(place ? { place } : {}) } }])),
  );
  ctx.events.on('user.secondFactorLocked', ({ userId, failures, minutes }) =>
    inOrder.run([userId], () => createNotifications(ctx, [{ userId, kind: 'account.code-locked', payload: { wrongCodes: failures, minutes } }])),
  );
  // Issue #42: the proposer whose card declined at acceptance is told, with the trade to give another card on.
  ctx.events.on('trade.cardDeclined', ({ tradeId, payerId, actorId, reason }) =>
    inOrder.run([payerId], async () => {
      const actorName = (await findUsernames(ctx.db, [actorId])).get(actorId);
      await createNotifications(ctx, [
        { userId: payerId, kind: 'trade.card-declined', payload: { tradeId, reason, actorId, ...(actorName ? { actorName } : {}) } },
      ]);
    }),
  );
  ctx.events.on('match.found', (event) => inOrder.run(event.userIds, () => notifyMatchFound(ctx, event)));
  await app.register(notificationsRoutes);
}
