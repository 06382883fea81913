import { useInfiniteQuery } from '@tanstack/react-query';
import type { Page, TradeHistoryEntry } from '@soleswap/contracts/users';
import { getJson } from '../../../lib/api-client';

export const TRADE_HISTORY_PAGE_SIZE = 10;
export const tradeHistoryQueryKey = (userId: string) => ['/api/users', userId, 'trades', 'history'] as const;

/** One page of a member's completed trades (`GET /api/users/:id/trades/history`). */
export function getTradeHistory(userId: string, cursor: string | null, signal?: AbortSignal): Promise<Page<TradeHistoryEntry>> {
  const params = new URLSearchParams({ limit: String(TRADE_HISTORY_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return getJson<Page<TradeHistoryEntry>>(`/api/users/${encodeURIComponent(userId)}/trades/history?${params}`, { signal });
}

/** A member's trade history, a page at a time. */
export function useTradeHistory(userId: string) {
  return useInfiniteQuery({
    queryKey: tradeHistoryQueryKey(userId),
    queryFn: ({ pageParam, signal }) => getTradeHistory(userId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
