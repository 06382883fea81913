import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { getTradeParties, tradePartiesFor, type TradeParties } from '../trades/get-trade-parties';
import type { MessageRow, ThreadKey } from './chat.repository';
import { findConversationById, findConversationLockingPair } from './chat.repository';
import { findConversationWithPage, findLoopPage, findTradeWithPage, type ConversationHead, type PageQuery } from './thread-page.repository';
import { BLOCKED_MESSAGE } from '@soleswap/contracts/blocks';
import { AppError } from '../../errors';
import { findBlockedPairsAmong, lockPairForWriting } from '../blocks/block-guard';
import { findLoopMemberIds } from '../loops/loop-records';

/** Which thread a request names. */
export type ThreadRef = { kind: 'trade'; id: number } | { kind: 'conversation'; id: number } | { kind: 'loop'; id: number };

export interface ChatViewer {
  id: string;
  isAdmin: boolean;
  /** Their username, when known: a message's notification names its sender with it. */
  username?: string | null;
}

/** A thread the viewer may read and write. */
export interface OpenThread {
  key: ThreadKey;
  /** The members the thread is between: the two parties of the trade or the conversation, or every member of the loop. */
  memberIds: string[];
}

/**
 * Resolves a thread for a viewer, or NOT_FOUND when it does not exist or the viewer may not see
 * it (a stranger learns nothing). A trade's chat follows the trade's own rule, through the trades
 * module: its two parties, and an admin once it is disputed. A loop's chat: the members of the
 * loop only. A conversation: its two members only.
 */
export async function openThread(ctx: AppContext, viewer: ChatViewer, ref: ThreadRef): Promise<OpenThread> {
  if (ref.kind === 'trade') return tradeThread(await getTradeParties(ctx, { viewer, tradeId: ref.id }));
  if (ref.kind === 'loop') return loopThread(ref.id, await findLoopMemberIds(ctx.db, ref.id), viewer.id);
  return conversationThread(await findConversationById(ctx.db, ref.id), viewer.id);
}

/**
 * openThread and a page of the thread's messages (newest first, see findTradeWithPage) in one
 * statement: the same rules and the same NOT_FOUND, applied to the thread read with the page.
 */
export async function openThreadWithPage(
  ctx: AppContext,
  viewer: ChatViewer,
  ref: ThreadRef,
  page: PageQuery,
): Promise<{ thread: OpenThread; messages: MessageRow[] }> {
  if (ref.kind === 'trade') {
    const { trade, messages } = await findTradeWithPage(ctx.db, ref.id, page);
    return { thread: tradeThread(tradePartiesFor(trade, viewer)), messages };
  }
  if (ref.kind === 'loop') {
    const thread = await openThread(ctx, viewer, ref);
    return { thread, messages: await findLoopPage(ctx.db, ref.id, page) };
  }
  const { conversation, messages } = await findConversationWithPage(ctx.db, ref.id, page);
  return { thread: conversationThread(conversation, viewer.id), messages };
}

function tradeThread(parties: TradeParties): OpenThread {
  return { key: { tradeId: parties.tradeId }, memberIds: [parties.proposerId, parties.receiverId] };
}

/** A loop's chat is open to the loop's members only; anyone else (an admin too) is told it does not exist. */
function loopThread(loopId: number, memberIds: string[], viewerId: string): OpenThread {
  if (!memberIds.includes(viewerId)) throw notFound('Loop');
  return { key: { loopId }, memberIds };
}

/** A conversation is open to its two members only; anyone else is told it does not exist. */
export function conversationThread(conversation: ConversationHead | null, memberId: string): OpenThread {
  if (!conversation || (conversation.userLowId !== memberId && conversation.userHighId !== memberId)) throw notFound('Conversation');
  return { key: { conversationId: conversation.id }, memberIds: [conversation.userLowId, conversation.userHighId] };
}

/**
 * openThread for posting, inside the caller's transaction: when the sender is one of the two
 * members, the pair's shared block lock is held on return (for the block check the post makes in
 * its insert, see pairLockSql). A conversation is read and locked in one statement.
 */
export async function openThreadForPosting(ctx: AppContext, sender: ChatViewer, ref: ThreadRef): Promise<OpenThread> {
  if (ref.kind === 'trade') {
    const thread = await openThread(ctx, sender, ref);
    const [a, b] = thread.memberIds as [string, string];
    if (a === sender.id || b === sender.id) await lockPairForWriting(ctx.db, a, b);
    return thread;
  }
  if (ref.kind === 'loop') {
    // A block between the sender and another member closes the loop's chat to the sender, as a
    // trade's chat is closed across one (chat-access.ts): a blocked member must not reach the blocker.
    const thread = await openThread(ctx, sender, ref);
    const blocked = await findBlockedPairsAmong(ctx.db, thread.memberIds);
    if (blocked.some((pair) => pair.includes(sender.id))) throw new AppError('BLOCKED', BLOCKED_MESSAGE);
    return thread;
  }
  return conversationThread(await findConversationLockingPair(ctx.db, ref.id, sender.id), sender.id);
}
