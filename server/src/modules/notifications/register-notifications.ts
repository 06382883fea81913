import type { FastifyInstance } from 'fastify';
import { inTransaction } from '../../http/events-after-commit';
import { createNotifications } from './create-notifications';
import { notificationsRoutes } from './notifications.routes';
import { findUsernames } from './notification-subjects';
import { notifyFollowersOfListing } from './notify-followers-of-listing';
import { notifyMatchFound } from './notify-match-found';
import { notifyNewFollower } from './notify-new-follower';
import { NewMessageNotifier } from './notify-new-message';
import { notifyTradeChanged } from './notify-trade-changed';
import { notifyLoopChanged } from './notify-loop-changed';
import { notifyDisputeRuling } from './notify-dispute-ruling';
import { notifyHoldAppeal } from './notify-hold-appeal';
import { notifyInspectionFailed } from './notify-inspection-failed';
import { notifyInspectionStep } from './notify-inspection-step';
import { notifyTradeReturn } from './notify-trade-return';
import { notifyParcelException } from './notify-parcel-exception';
import { notifyWantAlerts } from './notify-want-alerts';
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
  // Steps other modules announce with the time they were taken (`at`), stored at that time: a
  // ruling, a return's step, a pair's step or failure at the centre, a hold's appeal (issue #42:
  // those modules sit below notifications and never import it). Each notice's e-mail waits for its
  // bell row to commit.
  ctx.events.on('trade.returnStep', ({ at, ...step }) =>
    inOrder.run([step.recipientId], () => inTransaction(ctx, (txCtx) => notifyTradeReturn(txCtx.db, at, step))),
  );
  // Issue #43: the carrier returns a trade's parcel to its sender or could not deliver it; both members are told.
  ctx.events.on('trade.parcelException', ({ at, ...notice }) =>
    inOrder.run([notice.senderId, notice.recipientId], () => inTransaction(ctx, (txCtx) => notifyParcelException(txCtx.db, at, notice))),
  );
  ctx.events.on('trade.disputeRuled', ({ at, ...notice }) =>
    inOrder.run([notice.proposerId, notice.receiverId], () => inTransaction(ctx, (txCtx) => notifyDisputeRuling(txCtx, at, notice))),
  );
  ctx.events.on('inspection.stepped', ({ at, ...step }) =>
    inOrder.run([step.ownerId, step.recipientId], () => inTransaction(ctx, (txCtx) => notifyInspectionStep(txCtx.db, at, step))),
  );
  ctx.events.on('inspection.failed', ({ at, ...notice }) =>
    inOrder.run([notice.ownerId, notice.recipientId], () => inTransaction(ctx, (txCtx) => notifyInspectionFailed(txCtx, at, notice))),
  );
  ctx.events.on('holdAppeal.changed', ({ at, ...notice }) =>
    inOrder.run([notice.ownerId, notice.otherId], () => inTransaction(ctx, (txCtx) => notifyHoldAppeal(txCtx, at, notice))),
  );
  ctx.events.on('follow.created', (event) => inOrder.run([event.followingId], () => notifyNewFollower(ctx, event)));
  ctx.events.on('sneaker.created', (event) => notifyFollowersOfListing(ctx, event));
  // Issue #45: a listing that is new or repriced and fits someone's want alerts its owner.
  ctx.events.on('sneaker.created', (event) => notifyWantAlerts(ctx, event));
  ctx.events.on('sneaker.updated', (event) => notifyWantAlerts(ctx, event));
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
