import type { AppContext } from '../../context';
import type { DomainEventMap } from '../../events';
import { createNotifications } from './create-notifications';
import { findUsernames } from './notification-subjects';

/** Tells a member someone started following them (once per follower: a re-follow after unfollowing says nothing new). */
export async function notifyNewFollower(ctx: AppContext, { followerId, followingId }: DomainEventMap['follow.created']) {
  const actorName = (await findUsernames(ctx.db, [followerId])).get(followerId);
  await createNotifications(ctx, [
    {
      userId: followingId,
      kind: 'follow.created',
      payload: { actorId: followerId, ...(actorName ? { actorName } : {}) },
      onceKey: `follower:${followerId}`,
      actorId: followerId,
    },
  ]);
}
