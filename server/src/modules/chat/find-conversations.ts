import type { Conversation, ConversationPage } from '@soleswap/contracts/chat';
import { ID_MAX } from '@soleswap/contracts/list-query';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../errors';
import { countUnreadByThread, listConversationsOf } from './chat.repository';
import { toConversation } from './conversation-view';

/** The list's cursor: the last row's activity (newest message id) and id, as "activity.id". */
function parseCursor(cursor: string | undefined): { lastMessageId: number; id: number } | undefined {
  if (cursor === undefined) return undefined;
  const match = /^(\d{1,10})\.(\d{1,10})$/.exec(cursor);
  // Both are int4 ids: a larger number must not reach the database (PostgreSQL refuses to compare it).
  if (!match || Number(match[1]) > ID_MAX || Number(match[2]) > ID_MAX)
    throw new AppError('VALIDATION_FAILED', 'cursor: Not a cursor this list gave out', { fields: { cursor: 'Not a cursor this list gave out' } });
  return { lastMessageId: Number(match[1]), id: Number(match[2]) };
}

async function unreadByConversation(ctx: AppContext, userId: string): Promise<Map<number, number>> {
  const rows = await countUnreadByThread(ctx.db, userId);
  return new Map(rows.flatMap((row) => (row.conversationId !== null ? [[row.conversationId, row.count] as const] : [])));
}

/** The member's conversations, most recent activity first, with unread counts and the last message (GET /api/conversations). */
export async function findConversations(
  ctx: AppContext,
  { userId, query }: { userId: string; query: { cursor?: string; limit: number } },
): Promise<ConversationPage> {
  const rows = await listConversationsOf(ctx.db, userId, { after: parseCursor(query.cursor), limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const unread = await unreadByConversation(ctx, userId);
  const last = page.at(-1);
  return {
    conversations: page.map((row) => toConversation(row, unread.get(row.conversation.id) ?? 0)),
    nextCursor: rows.length > query.limit && last ? `${last.conversation.lastMessageId ?? 0}.${last.conversation.id}` : null,
  };
}

/** One of the member's conversations (GET /api/conversations/:id); anyone else's is NOT_FOUND. */
export async function getConversation(
  ctx: AppContext,
  { userId, conversationId }: { userId: string; conversationId: number },
): Promise<Conversation> {
  const [row] = await listConversationsOf(ctx.db, userId, { onlyId: conversationId, limit: 1 });
  if (!row) throw notFound('Conversation');
  const unread = await unreadByConversation(ctx, userId);
  return toConversation(row, unread.get(conversationId) ?? 0);
}
