import { useInfiniteQuery } from '@tanstack/react-query';
import type { ChatMessage, MessagePage } from '@soleswap/contracts/chat';
import { CHAT_POLL_MS } from '@soleswap/contracts/chat-values';
import { getJson } from '../../../lib/api-client';
import { usePollWhileOffline } from '../../../lib/live-status';
import { threadPath, type ThreadRef } from './thread';
import { chatKeys } from '../../../lib/query-keys';

export function getMessages(thread: ThreadRef, before: number | undefined, signal?: AbortSignal): Promise<MessagePage> {
  const query = before === undefined ? '' : `?before=${before}`;
  return getJson<MessagePage>(`${threadPath(thread)}/messages${query}`, { signal });
}

/**
 * A thread's messages, newest page first; `fetchNextPage` loads older ones. New messages arrive
 * through the live stream (which marks this stale); while it is down, it polls every 5 s.
 */
export function useThreadMessages(thread: ThreadRef) {
  return useInfiniteQuery({
    queryKey: chatKeys.messages(thread),
    queryFn: ({ pageParam, signal }) => getMessages(thread, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    refetchInterval: usePollWhileOffline(CHAT_POLL_MS),
    refetchIntervalInBackground: false,
  });
}

/** Every loaded message, oldest first (pages arrive newest first). */
export function flattenPages(pages: MessagePage[] | undefined): ChatMessage[] {
  if (!pages) return [];
  const seen = new Set<number>();
  const all: ChatMessage[] = [];
  for (const page of [...pages].reverse()) {
    for (const message of page.messages) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      all.push(message);
    }
  }
  return all;
}
