import type { NotificationKind } from '@soleswap/contracts/notifications';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { findBlockedPairsAmong } from '../blocks/block-guard';
import type { NotificationPayload } from './notification-text';
import { findMutedKinds, insertCountedNotifications, insertNotification, type StoredNotification } from './notifications.repository';
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

/**
 * The same inside the caller's transaction, for a change that must commit with its notifications.
 * A few statements whatever the number of inputs: the muted kinds, the blocks between recipients
 * and actors, and the inputs that count into an unread one (batchKey) stored together; the others
 * are stored one by one.
 */
export async function storeNotifications(tx: Db, at: Date, inputs: NotificationInput[]): Promise<StoredNotification[]> {
  const muted = await findMutedKinds(tx, [...new Set(inputs.map((n) => n.userId))]);
  const blocked = await blockedPairsOf(tx, inputs);
  const kept = inputs.filter(
    (input) => !muted.get(input.userId)?.includes(input.kind) && !(input.actorId && blocked.has(pairOf(input.userId, input.actorId))),
  );
  const toRow = ({ actorId: _actorId, ...input }: NotificationInput) => ({ ...input, payload: { ...input.payload }, createdAt: at });
  const isCounted = (input: NotificationInput): input is NotificationInput & { batchKey: string } => Boolean(input.batchKey);
  const counted = await insertCountedNotifications(
    tx,
    kept.filter(isCounted).map((input) => ({ ...toRow(input), batchKey: input.batchKey! })),
  );
  const stored: StoredNotification[] = [];
  let c = 0;
  for (const input of kept) {
    const row = isCounted(input) ? (counted[c++] ?? null) : await insertNotification(tx, toRow(input));
    if (row) stored.push(row);
  }
  await publishNotificationsLive(tx, stored);
  return stored;
}

const pairOf = (a: string, b: string) => (a < b ? `${a} ${b}` : `${b} ${a}`);

/** The (recipient, actor) pairs of the inputs with a block between them, either way (no lock: see NotificationInput.actorId). */
async function blockedPairsOf(tx: Db, inputs: NotificationInput[]): Promise<Set<string>> {
  const members = inputs.flatMap((input) => (input.actorId && input.actorId !== input.userId ? [input.userId, input.actorId] : []));
  if (members.length === 0) return new Set();
  return new Set((await findBlockedPairsAmong(tx, members)).map(([a, b]) => pairOf(a, b)));
}
