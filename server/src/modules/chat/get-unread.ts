import type { ChatUnread } from '@soleswap/contracts/chat';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { countUnreadByThread } from './chat.repository';

/** The member's unread messages per trade, per conversation, per loop and in total (GET /api/chat/unread). */
export async function getChatUnread(ctx: AppContext, { userId }: { userId: string }): Promise<ChatUnread> {
  const rows = await countUnreadByThread(ctx.db, userId);
  const loops: NonNullable<ChatUnread['loops']> = [];
  const unread: ChatUnread = { total: 0, trades: [], conversations: [], loops };
  for (const row of rows) {
    unread.total += row.count;
    if (row.tradeId !== null) unread.trades.push({ tradeId: row.tradeId, count: row.count });
    if (row.conversationId !== null) unread.conversations.push({ conversationId: row.conversationId, count: row.count });
    if (row.loopId !== null) loops.push({ loopId: row.loopId, count: row.count });
  }
  return unread;
}

/** The member's unread total, read inside a transaction that just changed it. */
export async function unreadTotal(tx: Db, userId: string): Promise<number> {
  const rows = await countUnreadByThread(tx, userId);
  return rows.reduce((sum, row) => sum + row.count, 0);
}
