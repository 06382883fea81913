import type { NotificationKind } from '@soleswap/contracts/notifications';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { hasBlockBetween } from '../blocks/block-guard';
import type { NotificationPayload } from './notification-text';
import { findMutedKinds, insertNotification, type StoredNotification } from './notifications.repository';
import { publishNotificationsLive } from './publish-notifications-live';

export interface NotificationInput {
  userId: string;
  kind: NotificationKind;
  payload: NotificationPayload;
  /** Dropped when the member already has one with this key. */
  onceKey?: string;
  /** Counted into the member's unread notification with this key, if there is one. */
  batchKey?: string;
  /**
   * The member whose doing this is (a follower, a sender, a listing's owner). Dropped when a
   * block stands between them and the recipient: the event may have been emitted just before
   * the block, but it is heard after it, and a blocked member must not reach the blocker's bell.
   */
  actorId?: string;
}

/**
 * Adds notifications for members who have not switched their kind off, and tells their open
 * browsers, in one transaction. Returns what was stored (or counted into an unread one).
 */
export async function createNotifications(ctx: AppContext, inputs: NotificationInput[]): Promise<StoredNotification[]> {
  if (inputs.length === 0) return [];
  return ctx.db.transaction((tx) => storeNotifications(tx, ctx.now(), inputs));
}

/** The same inside the caller's transaction, for a change that must commit with its notifications. */
export async function storeNotifications(tx: Db, at: Date, inputs: NotificationInput[]): Promise<StoredNotification[]> {
  const muted = await findMutedKinds(tx, [...new Set(inputs.map((n) => n.userId))]);
  const stored: StoredNotification[] = [];
  for (const input of inputs) {
    if (muted.get(input.userId)?.includes(input.kind)) continue;
    if (input.actorId && (await hasBlockBetween(tx, input.userId, input.actorId))) continue;
    const { actorId: _actorId, ...notification } = input;
    const row = await insertNotification(tx, { ...notification, payload: { ...input.payload }, createdAt: at });
    if (row) stored.push(row);
  }
  await publishNotificationsLive(tx, stored);
  return stored;
}
