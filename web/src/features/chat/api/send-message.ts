import type { ChatMessage, ReadState } from '@soleswap/contracts/chat';
import { apiRequest } from '../../../lib/api-client';
import { threadPath, type ThreadRef } from './chat-keys';

/** POST .../messages with an Idempotency-Key: a retry with the same key never posts twice. */
export function sendMessage(thread: ThreadRef, body: { content: string; imageUrl?: string | null }, idempotencyKey: string): Promise<ChatMessage> {
  return apiRequest<ChatMessage>('POST', `${threadPath(thread)}/messages`, body, { headers: { 'Idempotency-Key': idempotencyKey } });
}

export function markThreadRead(thread: ThreadRef, messageId: number): Promise<ReadState> {
  return apiRequest<ReadState>('POST', `${threadPath(thread)}/messages/read`, { messageId });
}

/** A key for one message: random, and kept by the outbox across its retries. */
export function newMessageKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
