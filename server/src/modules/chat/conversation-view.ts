import { MESSAGE_PREVIEW_LENGTH, type Conversation } from '@soleswap/contracts/chat';
import type { ConversationListRow } from './chat.repository';

/** The start of a message for the list, cut at a whole character (never half a surrogate pair). */
export function previewOf(content: string): string {
  const chars = Array.from(content.replace(/\s+/g, ' '));
  return chars.length <= MESSAGE_PREVIEW_LENGTH ? chars.join('') : `${chars.slice(0, MESSAGE_PREVIEW_LENGTH - 1).join('')}…`;
}

export function toConversation(row: ConversationListRow, unreadCount: number): Conversation {
  return {
    id: row.conversation.id,
    partner: row.partner,
    lastMessage: row.lastMessage
      ? {
          id: row.lastMessage.id,
          senderId: row.lastMessage.senderId,
          preview: previewOf(row.lastMessage.content),
          createdAt: row.lastMessage.createdAt.toISOString(),
        }
      : null,
    unreadCount,
    createdAt: row.conversation.createdAt.toISOString(),
  };
}
