import type { AppContext } from '../../context';
import type { DomainEventMap } from '../../events';
import { createNotifications } from './create-notifications';
import { findUsernames } from './notification-subjects';

/**
 * Tells the recipient of a chat message. Messages in one trade's thread count into the same
 * unread notification ("3 new messages"), so a burst is one entry in the bell, not many.
 */
export async function notifyNewMessage(ctx: AppContext, { tradeId, senderId, recipientId }: DomainEventMap['message.created']) {
  if (senderId === recipientId) return;
  const actorName = (await findUsernames(ctx.db, [senderId])).get(senderId);
  await createNotifications(ctx, [
    {
      userId: recipientId,
      kind: 'message.created',
      payload: { tradeId, actorId: senderId, ...(actorName ? { actorName } : {}) },
      batchKey: `messages:${tradeId}`,
    },
  ]);
}
