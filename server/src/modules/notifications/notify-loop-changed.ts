import type { NotificationKind } from '@soleswap/contracts/notifications';
import type { AppContext } from '../../context';
import type { DomainEventMap } from '../../events';
import { createNotifications } from './create-notifications';
import type { NotificationPayload } from './notification-text';
import { findUsernames } from './notification-subjects';

type LoopChanged = DomainEventMap['loop.changed'];

/**
 * Which notification a loop change makes, or null when it makes none: the proposal, the
 * acceptance that made it binding (an acceptance that did not tells nobody), each leg shipped or
 * received (the last receipt says the loop completed), and an end without completing.
 */
export function loopNotificationKind(event: LoopChanged): { kind: NotificationKind; payload: NotificationPayload } | null {
  const { action, status, loopId } = event;
  switch (action) {
    case 'propose':
      return { kind: 'loop.proposed', payload: { loopId } };
    case 'accept':
      return status === 'active' ? { kind: 'loop.active', payload: { loopId } } : null;
    case 'ship':
      return { kind: 'loop.shipped', payload: { loopId } };
    case 'receive':
      return { kind: 'loop.received', payload: { loopId, loopStatus: status } };
    case 'auto-receive':
      return { kind: 'loop.received', payload: { loopId, loopStatus: status, automatic: true } };
    case 'decline':
    case 'expire':
    case 'block':
    case 'ship-deadline':
    case 'dispute':
      return { kind: 'loop.closed', payload: { loopId, loopStatus: status } };
    default:
      return null;
  }
}

/**
 * Notifies a loop's members of a change, except the one who made it (docs/rules/loops.md). The
 * binding acceptance tells every member, its maker too: their pair must ship now as well.
 */
export async function notifyLoopChanged(ctx: AppContext, event: LoopChanged): Promise<void> {
  const made = loopNotificationKind(event);
  if (!made) return;
  const everyone = made.kind === 'loop.active' || made.kind === 'loop.proposed';
  const recipients = [...new Set(event.userIds)].filter((id) => everyone || id !== event.actorId);
  if (recipients.length === 0) return;
  const actorName = event.actorId ? (await findUsernames(ctx.db, [event.actorId])).get(event.actorId) : undefined;
  const payload = { ...made.payload, ...(actorName ? { actorName, actorId: event.actorId! } : {}) };
  await createNotifications(
    ctx,
    recipients.map((userId) => ({ userId, kind: made.kind, payload })),
  );
}
