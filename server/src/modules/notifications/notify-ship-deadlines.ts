import type { AppContext } from '../../context';
import { insertShipDeadlineWarnings } from './notifications.repository';
import { publishNotificationsLive } from './publish-notifications-live';

/** How long before a ship deadline the side that has not shipped is warned. */
export const DEADLINE_WARNING_MS = 24 * 60 * 60 * 1000;

/**
 * The `notifications.ship-deadlines` job: warns each side of an accepted trade that has not
 * shipped once its deadline is 24 hours away or less, once per trade and side (however often the
 * job runs, on however many instances). Returns how many warnings it added.
 */
export async function notifyShipDeadlines(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const stored = await insertShipDeadlineWarnings(tx, {
      now,
      until: new Date(now.getTime() + DEADLINE_WARNING_MS),
      kind: 'trade.deadline-near',
    });
    await publishNotificationsLive(tx, stored);
    return stored.length;
  });
}
