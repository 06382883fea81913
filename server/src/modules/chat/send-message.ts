import { IMAGE_NOT_UPLOADED, type ChatMessage, type SendMessageSchema } from '@soleswap/contracts/chat';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { publishLiveEvents } from '../live/publish-live-event';
import { isImageUploadedBy } from '../uploads/upload-ownership';
import { assertMayMessage } from './chat-access';
import { insertMessage, setConversationLastMessage } from './chat.repository';
import { openThread, type ChatViewer, type ThreadRef } from './chat-thread';
import { toChatMessage } from './chat-view';
import { unreadTotal } from './get-unread';

/**
 * Posts a message to a thread (POST .../messages). The content arrives trimmed and within its
 * limits (SendMessageSchema); an attached image must be one the sender uploaded. In the same
 * transaction both members' open pages are told (the sender's other tabs too), and the
 * recipients get their new unread total, so a message and its announcement commit together.
 */
export async function sendMessage(
  ctx: AppContext,
  { sender, ref, input }: { sender: ChatViewer; ref: ThreadRef; input: z.output<typeof SendMessageSchema> },
): Promise<ChatMessage> {
  const message = await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const thread = await openThread(txCtx, sender, ref);
    const recipientIds = thread.memberIds.filter((id) => id !== sender.id);
    // An admin reading a dispute is neither member; the members cannot hold anything against them.
    if (thread.memberIds.includes(sender.id)) {
      for (const recipientId of recipientIds) await assertMayMessage(tx, sender.id, recipientId);
    }
    const imageUrl = input.imageUrl ?? null;
    if (imageUrl && !(await isImageUploadedBy(txCtx, { userId: sender.id, imageUrl }))) {
      throw new AppError('VALIDATION_FAILED', `imageUrl: ${IMAGE_NOT_UPLOADED}`, { fields: { imageUrl: IMAGE_NOT_UPLOADED } });
    }
    const row = await insertMessage(tx, { thread: thread.key, senderId: sender.id, content: input.content, imageUrl, createdAt: ctx.now() });
    if (thread.key.conversationId !== undefined) await setConversationLastMessage(tx, thread.key.conversationId, row);

    const totals = [];
    for (const userId of recipientIds) totals.push({ userId, messages: await unreadTotal(tx, userId) });
    const created = { tradeId: row.tradeId, conversationId: row.conversationId, messageId: row.id, senderId: sender.id };
    await publishLiveEvents(tx, [
      { userIds: [...thread.memberIds, sender.id], kind: 'message.created', payload: created },
      ...totals.map(({ userId, messages }) => ({ userIds: [userId], kind: 'unread.changed' as const, payload: { messages } })),
    ]);
    return { row, recipientIds };
  });
  ctx.events.emit('message.created', {
    tradeId: message.row.tradeId,
    conversationId: message.row.conversationId,
    messageId: message.row.id,
    senderId: sender.id,
    recipientIds: message.recipientIds,
  });
  return toChatMessage(message.row);
}
