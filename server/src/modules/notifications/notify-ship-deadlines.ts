import { HOUR_MS } from '@soleswap/contracts/time';
import type { AppContext } from '../../context';
import { insertDeadlineReminders } from './notifications.repository';
import { publishNotificationsLive } from './publish-notifications-live';

/** How long before a ship deadline the side that has not shipped is warned ("ship by tomorrow"). */
export const DEADLINE_WARNING_MS = 24 * HOUR_MS;
/** How long before a pending proposal expires its receiver is reminded to answer it. */
export const PROPOSAL_REMINDER_MS = 6 * HOUR_MS;
/** How long before a receive window closes the member who has not confirmed their pair is reminded. */
export const RECEIVE_REMINDER_MS = 24 * HOUR_MS;

/**
 * The `notifications.ship-deadlines` job: the deadline reminders (issue #45), each once per trade,
 * member and reminder however often the job runs, on however many instances:
 * - "ship by tomorrow": each side of an accepted trade that has not shipped, 24 hours before ship-by;
 * - "your proposal expires in 6 hours": the receiver of a pending proposal;
 * - "the receive window closes tomorrow": each side that has not confirmed its pair arrived.
 * Always in the bell (a member cannot switch them off there) and pushed even in quiet hours.
 * Returns how many reminders it added.
 */
export async function notifyShipDeadlines(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const at = (ms: number) => new Date(now.getTime() + ms);
  return ctx.db.transaction(async (tx) => {
    const stored = await insertDeadlineReminders(tx, {
      now,
      windows: { shipUntil: at(DEADLINE_WARNING_MS), proposalUntil: at(PROPOSAL_REMINDER_MS), receiveUntil: at(RECEIVE_REMINDER_MS) },
      kinds: { ship: 'trade.deadline-near', proposal: 'trade.proposal-expiring', receive: 'trade.receive-closing' },
    });
    await publishNotificationsLive(tx, stored);
    return stored.length;
  });
}
