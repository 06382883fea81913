import type { AppContext } from '../../context';
import type { DomainEventMap } from '../../events';
import { findListing, findUsernames } from './notification-subjects';
import { insertForFollowers } from './notifications.repository';
import { publishNotificationsLive } from './publish-notifications-live';

/**
 * Tells a member's followers about a new listing (a block removes the follows between the two
 * members and refuses new ones, so nobody blocked either way is among them): at most one such notification per follower per
 * (UTC) day, whoever listed, so someone filling a locker or following busy collectors is not
 * flooded. One statement covers every follower who has not switched the kind off.
 */
export async function notifyFollowersOfListing(ctx: AppContext, { sneakerId, userId }: DomainEventMap['sneaker.created']) {
  const listing = await findListing(ctx.db, sneakerId);
  // Hidden listings are the owner's business.
  if (!listing || !listing.isAvailableForTrade) return;
  const actorName = (await findUsernames(ctx.db, [userId])).get(userId);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const stored = await insertForFollowers(tx, {
      followingId: userId,
      kind: 'sneaker.created',
      payload: { actorId: userId, sneakerId, sneakerName: listing.name, ...(actorName ? { actorName } : {}) },
      onceKey: `new-listing:${now.toISOString().slice(0, 10)}`,
      createdAt: now,
    });
    await publishNotificationsLive(tx, stored);
  });
}
