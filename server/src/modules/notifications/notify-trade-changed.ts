import type { NotificationKind } from '@soleswap/contracts/notifications';
import type { AppContext } from '../../context';
import type { DomainEventMap } from '../../events';
import { createNotifications } from './create-notifications';
import type { NotificationPayload } from './notification-text';
import { findUsernames } from './notification-subjects';

type TradeChanged = DomainEventMap['trade.changed'];

/**
 * Which notification a trade change makes, or null when it makes none (a rating). A counter-offer
 * is announced from the new trade it created, so the link opens the offer to answer.
 */
export function tradeNotificationKind(event: TradeChanged): { kind: NotificationKind; payload: NotificationPayload } | null {
  const { action, status, tradeId } = event;
  if (action === 'propose') return { kind: event.parentTradeId ? 'trade.countered' : 'trade.proposed', payload: { tradeId } };
  switch (action) {
    case 'accept':
      return { kind: 'trade.accepted', payload: { tradeId } };
    case 'reject':
      return { kind: 'trade.rejected', payload: { tradeId } };
    case 'cancel':
      return { kind: 'trade.cancelled', payload: { tradeId, ...(status === 'cancelled' ? {} : { requested: true }) } };
    case 'ship':
      return { kind: 'trade.shipped', payload: { tradeId } };
    case 'receive':
      return { kind: status === 'completed' ? 'trade.completed' : 'trade.received', payload: { tradeId } };
    case 'auto-receive':
      return { kind: status === 'completed' ? 'trade.completed' : 'trade.received', payload: { tradeId, automatic: true } };
    case 'dispute':
      return { kind: 'trade.disputed', payload: { tradeId } };
    // An admin's ruling is told by its own notice, with the admin's note and any returns (notify-dispute-ruling.ts).
    case 'resolve':
      return null;
    case 'expire':
      return { kind: 'trade.expired', payload: { tradeId } };
    case 'ship-deadline':
      return { kind: 'trade.cancelled', payload: { tradeId } };
    // The authentication centre forwarded the second pair (docs/rules/inspection.md).
    case 'custody-complete':
      return { kind: 'trade.completed', payload: { tradeId } };
    default:
      // 'counter' is announced by the new trade's 'propose'; 'rate' tells nobody; a failed pair
      // ('custody-fail') is told by the centre's own 'trade.inspection' notification.
      return null;
  }
}

/** Notifies the parties of a trade change, except the one who made it. */
export async function notifyTradeChanged(ctx: AppContext, event: TradeChanged): Promise<void> {
  const made = tradeNotificationKind(event);
  if (!made) return;
  const recipients = [...new Set(event.userIds)].filter((id) => id !== event.actorId);
  if (recipients.length === 0) return;
  // An admin resolving a dispute is not named: the parties only need the outcome.
  const isParty = event.actorId !== null && event.userIds.includes(event.actorId);
  const actorName = isParty ? (await findUsernames(ctx.db, [event.actorId!])).get(event.actorId!) : undefined;
  const payload = { ...made.payload, ...(actorName ? { actorName, actorId: event.actorId! } : {}) };
  await createNotifications(
    ctx,
    recipients.map((userId) => ({ userId, kind: made.kind, payload })),
  );
}
