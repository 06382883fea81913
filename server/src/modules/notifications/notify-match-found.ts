import type { AppContext } from '../../context';
import type { DomainEventMap } from '../../events';
import { markMatchNotified } from '../wants/mark-match-notified';
import { storeNotifications, type NotificationInput } from './create-notifications';
import { findListing } from './notification-subjects';

/**
 * Tells both members of a two-way match about the pair they would get, and marks the match
 * notified in the same transaction: a match found again (or twice at once) is announced once,
 * and one whose notifications fail stays unmarked, to be announced when it is found next.
 */
export async function notifyMatchFound(ctx: AppContext, { matchId }: DomainEventMap['match.found']) {
  await ctx.db.transaction(async (tx) => {
    const match = await markMatchNotified(tx, { matchId });
    if (!match) return;
    const inputs: NotificationInput[] = [];
    for (const [userId, sneakerId] of [
      [match.userAId, match.sneakerBId],
      [match.userBId, match.sneakerAId],
    ] as const) {
      const listing = await findListing(tx, sneakerId);
      if (!listing || listing.ownerId === userId) continue;
      inputs.push({
        userId,
        kind: 'match.found',
        payload: { sneakerId, sneakerName: listing.name, ownerId: listing.ownerId },
        // Once per listing and member: a second match on the same pair adds no second line.
        onceKey: `match:${sneakerId}`,
        actorId: listing.ownerId,
      });
    }
    await storeNotifications(tx, ctx.now(), inputs);
  });
}
