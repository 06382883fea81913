import type { AppContext } from '../../context';
import type { DomainEventMap } from '../../events';
import { createNotifications } from './create-notifications';
import { findListing } from './notification-subjects';

/** Tells a member a listing matches one of their wants (once per listing). */
export async function notifyMatchFound(ctx: AppContext, { userId, sneakerId }: DomainEventMap['match.found']) {
  const listing = await findListing(ctx.db, sneakerId);
  if (!listing || listing.ownerId === userId) return;
  await createNotifications(ctx, [
    {
      userId,
      kind: 'match.found',
      payload: { sneakerId, sneakerName: listing.name, ownerId: listing.ownerId },
      onceKey: `match:${sneakerId}`,
    },
  ]);
}
