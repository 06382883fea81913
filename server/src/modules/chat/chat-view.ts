import type { ChatMessage } from '@soleswap/contracts/chat';
import type { MessageRow } from './chat.repository';

export function toChatMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    tradeId: row.tradeId,
    conversationId: row.conversationId,
    loopId: row.loopId,
    senderId: row.senderId,
    content: row.content,
    imageUrl: row.imageUrl,
    createdAt: row.createdAt.toISOString(),
  };
}
