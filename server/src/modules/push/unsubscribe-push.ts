import type { AppContext } from '../../context';
import { deleteOwnSubscription } from './push.repository';

/** Turns push off for this browser; only the member's own subscription is removed (another member's endpoint removes nothing). */
export async function unsubscribePush(ctx: AppContext, { userId, endpoint }: { userId: string; endpoint: string }) {
  const removed = await deleteOwnSubscription(ctx.db, userId, endpoint);
  return { removed: removed > 0 };
}
