import type { AppContext } from '../../context';
import type { DomainEventMap } from '../../events';
import { createNotifications } from './create-notifications';
import { findUsernames } from './notification-subjects';

/**
 * Tells the recipients of a chat message. Messages in one thread (a trade's chat or a direct
 * conversation) count into the same unread notification ("3 new messages"), so a burst is one
 * entry in the bell, not many.
 */
export async function notifyNewMessage(ctx: AppContext, { tradeId, conversationId, senderId, recipientIds }: DomainEventMap['message.created']) {
  const recipients = recipientIds.filter((id) => id !== senderId);
  if (recipients.length === 0) return;
  const actorName = (await findUsernames(ctx.db, [senderId])).get(senderId);
  const thread = tradeId !== null ? { tradeId } : { conversationId: conversationId ?? undefined };
  await createNotifications(
    ctx,
    recipients.map((userId) => ({
      userId,
      kind: 'message.created' as const,
      payload: { ...thread, actorId: senderId, ...(actorName ? { actorName } : {}) },
      batchKey: tradeId !== null ? `messages:${tradeId}` : `messages:conversation:${conversationId}`,
      actorId: senderId,
    })),
  );
}
