import type { AppContext } from '../../context';
import { findSneakerRow, updateSneakerRow } from './sneakers.repository';

/**
 * A moderator takes a listing off the market: it leaves the public browse list and can no longer
 * be proposed or accepted in a trade (members opening it see "Not Available"). Unlike the owner's
 * own hide it is allowed while the pair sits in escrow: the trade in progress goes on.
 * Returns false when the listing no longer exists. `ctx.db` may be the caller's transaction.
 */
export async function hideListingForModeration(ctx: AppContext, { id }: { id: number }): Promise<boolean> {
  const current = await findSneakerRow(ctx.db, id, { forUpdate: true });
  if (!current) return false;
  if (current.isAvailableForTrade) {
    await updateSneakerRow(ctx.db, id, { isAvailableForTrade: false, updatedAt: ctx.now() });
    ctx.events.emit('sneaker.updated', { sneakerId: id, userId: current.userId });
  }
  return true;
}
