import { NOTIFICATION_KIND_LABELS, NOTIFICATION_KINDS, type NotificationKind } from '@soleswap/contracts/notifications';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { enqueue } from '../../jobs/job-queue';
import { describeNotification, type NotificationPayload } from './notification-text';
import { queueNotificationEmails } from './notification-email';
import { findNotificationsByIds, type StoredNotification } from './notifications.repository';

/** The job that tells other modules (push) of notifications once they are committed. */
export const ANNOUNCE_JOB = 'notifications.announce';

/**
 * Queues the announcement of stored notifications in the transaction that stored them: it runs
 * only if they commit, once, on one instance, whichever module's transaction stored them
 * (docs/rules/offline-and-push.md#web-push).
 */
export async function queueAnnouncement(tx: Db, stored: StoredNotification[]): Promise<void> {
  if (stored.length === 0) return;
  await enqueue(tx, ANNOUNCE_JOB, { ids: stored.map((n) => n.id) });
}

/**
 * The announce job: each notice's e-mail queued when its kind is e-mailed to the member (once per
 * notice, notification-email.ts), then a `notification.created` event for each notification, in
 * words, with the page it opens.
 */
export async function announceNotifications(ctx: AppContext, payload: Record<string, unknown>): Promise<void> {
  const ids = Array.isArray(payload.ids) ? payload.ids.filter((id): id is number => Number.isInteger(id)) : [];
  const rows = (await findNotificationsByIds(ctx.db, ids)).filter((row): row is typeof row & { kind: NotificationKind } =>
    (NOTIFICATION_KINDS as readonly string[]).includes(row.kind),
  );
  await queueNotificationEmails(ctx, rows);
  for (const row of rows) {
    const kind = row.kind;
    const { text, link } = describeNotification(kind, (row.payload ?? {}) as NotificationPayload);
    ctx.events.emit('notification.created', {
      notificationId: row.id,
      userId: row.userId,
      kind,
      title: NOTIFICATION_KIND_LABELS[kind],
      body: text,
      url: link,
    });
  }
}
