import { BLOCKED_MESSAGE } from '@soleswap/contracts/blocks';
import type { ChatMessage } from '@soleswap/contracts/chat';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { publishLiveEvents, type LiveEventInput } from '../live/publish-live-event';
import { conversationThread, type ChatViewer, type OpenThread } from './chat-thread';
import { toChatMessage } from './chat-view';
import { findConversationsLockingPairs, insertMessagesUnlessBlocked } from './post-together.repository';

/** A text message to a direct conversation (no image: a post with one is sent on its own, by sendMessage). */
export interface ConversationPost {
  sender: ChatViewer;
  conversationId: number;
  /** Trimmed and within its limits (SendMessageSchema). */
  content: string;
}

export type PostOutcome = { body: ChatMessage } | { refusal: AppError };

/**
 * sendMessage for several conversation posts at once, inside the caller's transaction (a batch's,
 * see IdempotentBatches), in three statements whatever their number: the conversations with their
 * pairs' block locks, the inserts that check the blocks (moving the conversations on and reading
 * the unread totals), and the live events. The same rules, post by post: a stranger's post is
 * NOT_FOUND, a post across a block BLOCKED, and both are decided before anything is written, so a
 * refused post leaves the others as they are. Returns one outcome per post, in order.
 */
export async function postMessagesTogether(ctx: AppContext, posts: readonly ConversationPost[]): Promise<PostOutcome[]> {
  const heads = await findConversationsLockingPairs(
    ctx.db,
    posts.map((post) => ({ conversationId: post.conversationId, memberId: post.sender.id })),
  );
  const outcomes: Array<PostOutcome | undefined> = posts.map(() => undefined);
  const open: Array<{ i: number; thread: OpenThread; recipientId: string | null }> = [];
  posts.forEach((post, i) => {
    try {
      const thread = conversationThread(heads[i] ?? null, post.sender.id);
      open.push({ i, thread, recipientId: thread.memberIds.find((id) => id !== post.sender.id) ?? null });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      outcomes[i] = { refusal: error };
    }
  });

  const createdAt = ctx.now();
  const inserted = await insertMessagesUnlessBlocked(
    ctx.db,
    open.map(({ i, thread, recipientId }) => ({
      conversationId: thread.key.conversationId!,
      senderId: posts[i]!.sender.id,
      recipientId,
      content: posts[i]!.content,
      createdAt,
    })),
  );

  const live: LiveEventInput[] = [];
  const created: Array<{ message: ChatMessage; senderName: string | null | undefined; recipientIds: string[] }> = [];
  open.forEach(({ i, thread, recipientId }, j) => {
    const posted = inserted[j];
    if (!posted) {
      outcomes[i] = { refusal: new AppError('BLOCKED', BLOCKED_MESSAGE) };
      return;
    }
    const senderId = posts[i]!.sender.id;
    const message = toChatMessage({
      id: posted.id,
      tradeId: null,
      conversationId: thread.key.conversationId!,
      loopId: null,
      senderId,
      content: posts[i]!.content,
      imageUrl: null,
      createdAt,
    });
    const payload = { tradeId: null, conversationId: message.conversationId, messageId: message.id, senderId };
    live.push({ userIds: [...thread.memberIds, senderId], kind: 'message.created', payload });
    if (recipientId !== null) live.push({ userIds: [recipientId], kind: 'unread.changed', payload: { messages: posted.unread ?? 0 } });
    created.push({ message, senderName: posts[i]!.sender.username, recipientIds: recipientId !== null ? [recipientId] : [] });
    outcomes[i] = { body: message };
  });
  await publishLiveEvents(ctx.db, live);

  for (const { message, senderName, recipientIds } of created) {
    ctx.events.emit('message.created', {
      tradeId: null,
      conversationId: message.conversationId,
      messageId: message.id,
      senderId: message.senderId,
      senderName,
      recipientIds,
    });
  }
  return outcomes as PostOutcome[];
}
