import type { Db } from '../../db/client';
import { findTradePartiesById } from '../trades/trade-records';
import { findMessageThread } from './message-records.repository';

/** What other modules may read on chat messages (the chat module owns the messages and conversations). */

export interface MessageReaders {
  senderId: string;
  /** The two members who can read the message: its trade's parties, or its conversation's members. */
  readerIds: [string, string];
}

/** Who sent the message and who can read it; null when there is no such message. */
export async function findMessageReaders(db: Db, messageId: number): Promise<MessageReaders | null> {
  const message = await findMessageThread(db, messageId);
  if (!message) return null;
  if (message.tradeId === null) {
    if (!message.userLowId || !message.userHighId) return null;
    return { senderId: message.senderId, readerIds: [message.userLowId, message.userHighId] };
  }
  const trade = await findTradePartiesById(db, message.tradeId);
  return trade && { senderId: message.senderId, readerIds: [trade.proposerId, trade.receiverId] };
}
