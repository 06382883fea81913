import type { FollowStatus } from '@soleswap/contracts/follows';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { assertNotBlocked } from '../blocks/block-guard';
import { getUser } from '../users/get-user';
import { deleteFollow, deleteFollowsBetween, insertFollowOnce, isFollowing } from './follows.repository';

interface Pair {
  followerId: string;
  followingId: string;
}

/**
 * Follows a member; following twice changes nothing. You cannot follow yourself, nor a member
 * when either of you blocks the other. 'follow.created' is emitted once the row is committed.
 */
export async function followUser(ctx: AppContext, { followerId, followingId }: Pair): Promise<FollowStatus> {
  if (followerId === followingId) {
    throw new AppError('VALIDATION_FAILED', 'You cannot follow yourself');
  }
  await getUser(ctx, { id: followingId, viewer: null });
  const added = await ctx.db.transaction(async (tx) => {
    await assertNotBlocked(tx, followerId, followingId);
    return insertFollowOnce(tx, followerId, followingId);
  });
  if (added) ctx.events.emit('follow.created', { followerId, followingId });
  return { following: true };
}

/** Stops following; unfollowing someone you don't follow changes nothing. Unknown members are 404. */
export async function unfollowUser(ctx: AppContext, { followerId, followingId }: Pair): Promise<FollowStatus> {
  await getUser(ctx, { id: followingId, viewer: null });
  await deleteFollow(ctx.db, followerId, followingId);
  return { following: false };
}

/** Whether the viewer follows the member (for the profile's Follow / Unfollow button). */
export async function getFollowStatus(ctx: AppContext, { followerId, followingId }: Pair): Promise<FollowStatus> {
  const user = await getUser(ctx, { id: followingId, viewer: null }).catch(() => null);
  if (!user) throw notFound('User');
  return { following: await isFollowing(ctx.db, followerId, followingId) };
}

/** Drops both follows between two members (a block does this in its transaction). */
export async function removeFollowsBetween(tx: Db, a: string, b: string): Promise<void> {
  await deleteFollowsBetween(tx, a, b);
}
