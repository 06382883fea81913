import type { MarkNotificationsRead, MarkNotificationsReadResult } from '@soleswap/contracts/notifications';
import type { AppContext } from '../../context';
import { markRead } from './notifications.repository';
import { publishUnreadLive } from './publish-notifications-live';

/**
 * Marks some or all of the caller's notifications read. Ids of other members' notifications (or
 * unknown ones) are ignored: they simply are not the caller's to mark, and saying so would tell
 * a stranger they exist.
 */
export async function markNotificationsRead(
  ctx: AppContext,
  { userId, input }: { userId: string; input: MarkNotificationsRead },
): Promise<MarkNotificationsReadResult> {
  return ctx.db.transaction(async (tx) => {
    const marked = await markRead(tx, userId, 'all' in input ? 'all' : input.ids, ctx.now());
    const unreadCount = await publishUnreadLive(tx, userId);
    return { marked, unreadCount };
  });
}
