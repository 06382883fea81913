import {
  NOTIFICATION_KINDS,
  type Notification,
  type NotificationKind,
  type NotificationListQuery,
  type NotificationPage,
} from '@soleswap/contracts/notifications';
import type { AppContext } from '../../context';
import { describeNotification, type NotificationPayload } from './notification-text';
import { findNotificationsPageWithUnread, type NotificationPageRow } from './notifications.repository';

const isKnownKind = (kind: string): kind is NotificationKind => (NOTIFICATION_KINDS as readonly string[]).includes(kind);

function toNotification(row: NotificationPageRow & { kind: NotificationKind }): Notification {
  const payload = (row.payload ?? {}) as NotificationPayload;
  return {
    id: row.id,
    kind: row.kind,
    ...describeNotification(row.kind, payload),
    count: payload.count ?? 1,
    isRead: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The caller's notifications, newest first, a page at a time, with their unread count (one statement). */
export async function findNotifications(
  ctx: AppContext,
  { userId, query }: { userId: string; query: NotificationListQuery },
): Promise<NotificationPage> {
  const { rows, unread } = await findNotificationsPageWithUnread(ctx.db, userId, query.cursor, query.limit + 1);
  const page = rows.slice(0, query.limit);
  const hasMore = rows.length > query.limit;
  return {
    // Rows of a kind this version no longer knows are skipped rather than shown blank.
    items: page.filter((row): row is NotificationPageRow & { kind: NotificationKind } => isKnownKind(row.kind)).map(toNotification),
    nextCursor: hasMore ? String(page[page.length - 1]!.id) : null,
    unreadCount: unread,
  };
}
