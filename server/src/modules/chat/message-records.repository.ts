import { eq } from 'drizzle-orm';
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
