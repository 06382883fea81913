import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { messages } from '../../db/schema/index';

/** The queries other modules run on chat messages, through message-records.ts. */

/** Who sent the message and in which trade's chat; null when there is no such message. */
export async function findMessageOrigin(db: Db, messageId: number) {
  const [row] = await db.select({ senderId: messages.senderId, tradeId: messages.tradeId }).from(messages).where(eq(messages.id, messageId));
  return row ?? null;
}
