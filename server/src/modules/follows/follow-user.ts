import type { AppContext } from '../../context';
import { AppError, notFound } from '../../errors';
import { getUser } from '../users/get-user';
import { deleteFollow, insertFollowOnce, isFollowing } from './follows.repository';

/** Follows a member; following twice changes nothing. You cannot follow yourself. */
export async function followUser(ctx: AppContext, { followerId, followingId }: { followerId: string; followingId: string }) {
  if (followerId === followingId) {
    throw new AppError('VALIDATION_FAILED', 'You cannot follow yourself');
  }
  await getUser(ctx, { id: followingId, viewer: null });
  const added = await insertFollowOnce(ctx.db, followerId, followingId);
  if (added) ctx.events.emit('follow.created', { followerId, followingId });
  return { following: true };
}

/** Stops following; unfollowing someone you don't follow changes nothing. Unknown members are 404. */
export async function unfollowUser(ctx: AppContext, { followerId, followingId }: { followerId: string; followingId: string }) {
  await getUser(ctx, { id: followingId, viewer: null });
  await deleteFollow(ctx.db, followerId, followingId);
  return { following: false };
}

/** Whether the viewer follows the member (for the profile's Follow / Following button). */
export async function getFollowStatus(ctx: AppContext, { followerId, followingId }: { followerId: string; followingId: string }) {
  const user = await getUser(ctx, { id: followingId, viewer: null }).catch(() => null);
  if (!user) throw notFound('User');
  return { following: await isFollowing(ctx.db, followerId, followingId) };
}
