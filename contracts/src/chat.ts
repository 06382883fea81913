import { z } from 'zod';
import { MESSAGE_MAX_LENGTH, MESSAGES_PAGE_DEFAULT, MESSAGES_PAGE_MAX, CONVERSATIONS_PAGE_DEFAULT, CONVERSATIONS_PAGE_MAX } from './chat-values';
import { isUploadUrl } from './uploads';

/**
 * Chat: the messages of a trade, and direct conversations between two members. Both kinds of
 * thread share one message shape, the same rules and the same panel.
 */

/** The limits and timings live in chat-values.ts. */
export * from './chat-values';

export const BLANK_MESSAGE = 'Write a message first';
export const MESSAGE_TOO_LONG = `A message can be at most ${MESSAGE_MAX_LENGTH} characters`;
export const IMAGE_NOT_UPLOADED = 'Attach an image you uploaded here';

export const SendMessageSchema = z.object({
  content: z
    .string({ error: BLANK_MESSAGE })
    .transform((value) => value.trim())
    .pipe(z.string().min(1, BLANK_MESSAGE).max(MESSAGE_MAX_LENGTH, MESSAGE_TOO_LONG)),
  /** An `/uploads/...` URL the sender got from POST /api/uploads. */
  imageUrl: z
    .string()
    .max(200)
    .refine((value) => isUploadUrl(value), IMAGE_NOT_UPLOADED)
    .nullish(),
});
export type SendMessage = z.input<typeof SendMessageSchema>;

const positiveId = z.coerce.number().int().min(1).max(2_147_483_647);

export const MessagesQuerySchema = z.object({
  /** Only messages older than this id (the `nextBefore` of the previous page). */
  before: positiveId.optional(),
  limit: z.coerce.number().int().min(1).max(MESSAGES_PAGE_MAX).default(MESSAGES_PAGE_DEFAULT),
});

export const MarkReadSchema = z.object({
  /** The newest message the member has seen; the thread's newest when left out. */
  messageId: positiveId.optional(),
});

export const StartConversationSchema = z.object({ userId: z.string().uuid('Choose a member to message') });

export const ConversationsQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(CONVERSATIONS_PAGE_MAX).default(CONVERSATIONS_PAGE_DEFAULT),
});

export interface ChatMessage {
  id: number;
  /** Exactly one of tradeId, conversationId and loopId is set. */
  tradeId: number | null;
  conversationId: number | null;
  /** A loop's chat (its members only); the server always sends it, null outside a loop. */
  loopId?: number | null;
  senderId: string;
  content: string;
  imageUrl: string | null;
  createdAt: string;
}

/** One page of a thread, oldest first; `nextBefore` asks for the page before it (null: none left). */
export interface MessagePage {
  messages: ChatMessage[];
  nextBefore: number | null;
}

export interface ReadState {
  /** The newest message this member has read in the thread (0: none). */
  lastReadId: number;
  /** The member's unread messages over every thread, after this change. */
  unreadTotal: number;
}

/** The public part of the other member of a thread. */
export interface ChatPartner {
  id: string;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
}

export interface Conversation {
  id: number;
  partner: ChatPartner;
  lastMessage: { id: number; senderId: string; preview: string; createdAt: string } | null;
  unreadCount: number;
  createdAt: string;
}

export interface ConversationPage {
  conversations: Conversation[];
  nextCursor: string | null;
}

/** GET /api/chat/unread: the member's unread messages, per thread and in total. */
export interface ChatUnread {
  total: number;
  trades: Array<{ tradeId: number; count: number }>;
  conversations: Array<{ conversationId: number; count: number }>;
  /** The server always sends it (a client may meet fixtures without it). */
  loops?: Array<{ loopId: number; count: number }>;
}
