import { useSyncExternalStore } from 'react';
import type { ThreadRef } from '../api/chat-keys';

/** A message the member wrote that the server has not confirmed yet. */
export interface OutgoingMessage {
  /** Its Idempotency-Key, kept for every retry, so it is stored at most once. */
  key: string;
  content: string;
  status: 'sending' | 'failed';
  createdAt: string;
}

/**
 * Outgoing messages per thread, kept outside the panel so that closing the chat (or the trade
 * card moving to another tab) never drops a message that failed: it is still there, with Retry,
 * when the panel opens again.
 */
const outboxes = new Map<string, OutgoingMessage[]>();
const listeners = new Set<() => void>();
const EMPTY: OutgoingMessage[] = [];

const threadKey = (thread: ThreadRef) => `${thread.kind}:${thread.id}`;

function update(thread: ThreadRef, change: (list: OutgoingMessage[]) => OutgoingMessage[]): void {
  const key = threadKey(thread);
  const next = change(outboxes.get(key) ?? EMPTY);
  if (next.length) outboxes.set(key, next);
  else outboxes.delete(key);
  listeners.forEach((listener) => listener());
}

export const outbox = {
  add(thread: ThreadRef, message: OutgoingMessage) {
    update(thread, (list) => [...list, message]);
  },
  setStatus(thread: ThreadRef, key: string, status: OutgoingMessage['status']) {
    update(thread, (list) => list.map((m) => (m.key === key ? { ...m, status } : m)));
  },
  remove(thread: ThreadRef, key: string) {
    update(thread, (list) => list.filter((m) => m.key !== key));
  },
  get(thread: ThreadRef, key: string): OutgoingMessage | undefined {
    return outboxes.get(threadKey(thread))?.find((m) => m.key === key);
  },
  /** Tests start from an empty outbox. */
  clear() {
    outboxes.clear();
    listeners.forEach((listener) => listener());
  },
};

export function useOutbox(thread: ThreadRef): OutgoingMessage[] {
  const key = threadKey(thread);
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => outboxes.get(key) ?? EMPTY,
    () => EMPTY,
  );
}
