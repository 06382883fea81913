import { rowsOf } from '../../db/raw-rows';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { conversations, messages } from '../../db/schema/index';

/** The queries other modules run on chat messages, through message-records.ts. */

/**
 * Who sent the message and where it was written: its trade's id, or the two members of its
 * direct conversation. Null when there is no such message.
 */
export async function findMessageThread(db: Db, messageId: number) {
  const [row] = await db
    .select({
      senderId: messages.senderId,
      tradeId: messages.tradeId,
      userLowId: conversations.userLowId,
      userHighId: conversations.userHighId,
    })
    .from(messages)
    .leftJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(eq(messages.id, messageId));
  return row ?? null;
}

/** A chat message as the moderators see it. */
export interface ChatMessageRow {
  id: number;
  tradeId: number | null;
  conversationId: number | null;
  senderId: string;
  content: string;
  imageUrl: string | null;
  createdAt: Date;
}

/**
 * Each message with the window of its chat around it (up to `around` before and after it, in
 * chat order, the message itself included), in one statement whatever the number of messages:
 * a lateral read per message walks its thread's (thread, id) index. Rows come as
 * (anchor id, message), ordered by anchor then chat order; a missing message has no rows.
 */
export async function findMessageWindows(
  db: Db,
  messageIds: number[],
  around: number,
): Promise<Array<{ anchorId: number; message: ChatMessageRow }>> {
  if (messageIds.length === 0) return [];
  const ids = `{${messageIds.map((id) => Math.trunc(id)).join(',')}}`;
  const sameThread = sql.raw(
    '((r.trade_id is not null and m.trade_id = r.trade_id) or (r.trade_id is null and m.conversation_id = r.conversation_id))',
  );
  const result = await db.execute(sql`
    select r.id as anchor_id, w.id, w.trade_id, w.conversation_id, w.sender_id, w.content, w.image_url, w.created_at
    from messages r
    cross join lateral (
      (select m.* from messages m where ${sameThread} and m.id < r.id order by m.id desc limit ${around})
      union all
      select r.*
      union all
      (select m.* from messages m where ${sameThread} and m.id > r.id order by m.id asc limit ${around})
    ) w
    where r.id = any(${ids}::int[])
    order by r.id, w.id
  `);
  const rows = rowsOf<Record<string, unknown>>(result);
  return rows.map((r) => ({
    anchorId: Number(r.anchor_id),
    message: {
      id: Number(r.id),
      tradeId: r.trade_id === null ? null : Number(r.trade_id),
      conversationId: r.conversation_id === null ? null : Number(r.conversation_id),
      senderId: String(r.sender_id),
      content: String(r.content),
      imageUrl: r.image_url === null ? null : String(r.image_url),
      createdAt: new Date(r.created_at as string | Date),
    },
  }));
}
