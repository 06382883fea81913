import { useInfiniteQuery } from '@tanstack/react-query';
import type { ChatMessage, MessagePage } from '@soleswap/contracts/chat';
import { getJson } from '../../../lib/api-client';
import { moderationKeys } from '../../../lib/query-keys';

/**
 * A disputed trade's chat, read by an admin (`GET /api/trades/:id/messages`, which lets an admin
 * in once the trade is disputed). Pages arrive newest first; `fetchNextPage` loads older ones.
 * Kept under the disputes key so a ruling refreshes it with the rest of the queue.
 */
export function useDisputeChat(tradeId: number) {
  return useInfiniteQuery({
    queryKey: moderationKeys.disputeChat(tradeId),
    queryFn: ({ pageParam, signal }) =>
      getJson<MessagePage>(`/api/trades/${tradeId}/messages${pageParam === undefined ? '' : `?before=${pageParam}`}`, { signal }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });
}

/** Every loaded message, oldest first (each page is oldest first, the pages newest first). */
export function oldestFirst(pages: MessagePage[] | undefined): ChatMessage[] {
  return (pages ?? []).toReversed().flatMap((page) => page.messages);
}
