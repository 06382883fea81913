import { BLOCKED_MESSAGE } from '@soleswap/contracts/blocks';
import { IMAGE_NOT_UPLOADED, type ChatMessage, type SendMessageSchema } from '@soleswap/contracts/chat';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { withinTransaction } from '../../db/within-transaction';
import { AppError } from '../../errors';
import { publishLiveEvents } from '../live/publish-live-event';
import { isImageUploadedBy } from '../uploads/upload-ownership';
import { insertMessageUnlessBlocked } from './chat.repository';
import { openThreadForPosting, type ChatViewer, type ThreadRef } from './chat-thread';
import { toChatMessage } from './chat-view';

/**
 * Posts a message to a thread (POST .../messages). The content arrives trimmed and within its
 * limits (SendMessageSchema); an attached image must be one the sender uploaded; a member may not
 * write across a block either way (BLOCKED, 403; see chat-access.ts for why even in escrow). In the
 * same transaction both members' open pages are told (the sender's other tabs too), and the
 * recipients get their new unread total, so a message and its announcement commit together.
 *
 * Three statements for a conversation (four for a trade's chat): the thread with the pair's block
 * lock, the insert that checks the block, moves the conversation on and reads the unread totals,
 * and the live events. Nothing is written before the last refusal, so inside a caller's
 * transaction (an Idempotency-Key's) it needs no savepoint of its own. See docs/performance/posting-a-message.md.
 */
export async function sendMessage(
  ctx: AppContext,
  { sender, ref, input }: { sender: ChatViewer; ref: ThreadRef; input: z.output<typeof SendMessageSchema> },
): Promise<ChatMessage> {
  const message = await withinTransaction(ctx.db, async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const thread = await openThreadForPosting(txCtx, sender, ref);
    const recipientIds = thread.memberIds.filter((id) => id !== sender.id);
    const imageUrl = input.imageUrl ?? null;
    if (imageUrl && !(await isImageUploadedBy(txCtx, { userId: sender.id, imageUrl }))) {
      throw new AppError('VALIDATION_FAILED', `imageUrl: ${IMAGE_NOT_UPLOADED}`, { fields: { imageUrl: IMAGE_NOT_UPLOADED } });
    }
    // An admin reading a dispute is neither member; the members cannot hold anything against them.
    const isMember = thread.memberIds.includes(sender.id);
    const posted = await insertMessageUnlessBlocked(
      tx,
      { thread: thread.key, senderId: sender.id, content: input.content, imageUrl, createdAt: ctx.now() },
      // A loop's chat checked its members' blocks when it opened (openThreadForPosting).
      { unlessBlockedWith: isMember && thread.memberIds.length === 2 ? (thread.memberIds as [string, string]) : null, unreadOf: recipientIds },
    );
    if (!posted) throw new AppError('BLOCKED', BLOCKED_MESSAGE);
    const { row, unread } = posted;
    const created = { tradeId: row.tradeId, conversationId: row.conversationId, loopId: row.loopId, messageId: row.id, senderId: sender.id };
    await publishLiveEvents(tx, [
      { userIds: [...thread.memberIds, sender.id], kind: 'message.created', payload: created },
      ...recipientIds.map((userId) => ({ userIds: [userId], kind: 'unread.changed' as const, payload: { messages: unread.get(userId) ?? 0 } })),
    ]);
    return { row, recipientIds };
  });
  ctx.events.emit('message.created', {
    tradeId: message.row.tradeId,
    conversationId: message.row.conversationId,
    loopId: message.row.loopId,
    messageId: message.row.id,
    senderId: sender.id,
    senderName: sender.username,
    recipientIds: message.recipientIds,
  });
  return toChatMessage(message.row);
}
