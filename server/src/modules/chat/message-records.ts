import type { Db } from '../../db/client';
import { findTradePartiesById } from '../trades/trade-records';
import { findMessageThread, findMessageWindows, type ChatMessageRow as MessageRow } from './message-records.repository';

/** What other modules may read on chat messages (the chat module owns the messages and conversations). */

/** A chat message as the moderators see it: who wrote what, when, in which trade or conversation. */
export type ChatMessageRow = MessageRow;

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

/** A message and the messages of the same chat around it, in chat order (the message included). */
export interface MessageInContext {
  reported: ChatMessageRow;
  context: ChatMessageRow[];
}

/**
 * Each message with up to `around` messages of its chat on each side, by message id; a message
 * that is gone is left out. One statement whatever the number of messages.
 */
export async function findMessagesInContext(db: Db, messageIds: number[], around: number): Promise<Map<number, MessageInContext>> {
  const found = new Map<number, MessageInContext>();
  for (const { anchorId, message } of await findMessageWindows(db, messageIds, around)) {
    const entry = found.get(anchorId) ?? { reported: message, context: [] };
    if (message.id === anchorId) entry.reported = message;
    entry.context.push(message);
    found.set(anchorId, entry);
  }
  return found;
}
