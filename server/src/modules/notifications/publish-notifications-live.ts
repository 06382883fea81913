import type { Db } from '../../db/client';
import { publishLiveEvents, type LiveEventInput } from '../live/publish-live-event';
import { queueAnnouncement } from './announce-notifications';
import { countUnreadOf, type StoredNotification } from './notifications.repository';

/**
 * Tells the recipients' open browsers about new notifications and their new unread counts, and
 * queues their announcement to other modules (push), in the transaction that stored them (call it last there: it holds the recipients' stream locks).
 */
export async function publishNotificationsLive(tx: Db, stored: StoredNotification[]): Promise<void> {
  if (stored.length === 0) return;
  // Before the live events, which must come last: the other modules (push) hear of them after commit.
  await queueAnnouncement(tx, stored);
  const counts = await countUnreadOf(tx, [...new Set(stored.map((n) => n.userId))]);
  const events: LiveEventInput[] = stored.map((n) => ({
    userIds: [n.userId],
    kind: 'notification.created',
    payload: { notificationId: n.id, kind: n.kind },
  }));
  for (const [userId, notifications] of counts) {
    events.push({ userIds: [userId], kind: 'unread.changed', payload: { notifications } });
  }
  await publishLiveEvents(tx, events);
}

/** The member's new unread count after they read some (other tabs and devices follow). */
export async function publishUnreadLive(tx: Db, userId: string): Promise<number> {
  const counts = await countUnreadOf(tx, [userId]);
  const notifications = counts.get(userId) ?? 0;
  await publishLiveEvents(tx, [{ userIds: [userId], kind: 'unread.changed', payload: { notifications } }]);
  return notifications;
}
