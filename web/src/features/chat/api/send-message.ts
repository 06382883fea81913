import type { ChatMessage, ReadState } from '@soleswap/contracts/chat';
import { apiRequest } from '../../../lib/api-client';
import { IDEMPOTENCY_HEADER } from '../../../lib/idempotency-key';
import { threadPath, type ThreadRef } from './thread';

/** POST .../messages with an Idempotency-Key: a retry with the same key never posts twice. */
export function sendMessage(thread: ThreadRef, body: { content: string; imageUrl?: string | null }, idempotencyKey: string): Promise<ChatMessage> {
  return apiRequest<ChatMessage>('POST', `${threadPath(thread)}/messages`, body, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}

export function markThreadRead(thread: ThreadRef, messageId: number): Promise<ReadState> {
  return apiRequest<ReadState>('POST', `${threadPath(thread)}/messages/read`, { messageId });
}
