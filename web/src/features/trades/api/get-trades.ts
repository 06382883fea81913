import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { NEXT_CURSOR_HEADER } from '@soleswap/contracts/list-values';
import type { Trade, TradeCounts } from '@soleswap/contracts/trades';
import { getJson, getJsonWithHeaders } from '../../../lib/api-client';
import { tradeKeys } from '../../../lib/query-keys';
import type { TradeTab } from '../trade-tabs';

/** A page of the caller's trades and the cursor of the next one (null on the last page). */
export interface TradePage {
  trades: Trade[];
  nextCursor: string | null;
}

/** One page of the caller's trades listed under `tab`, newest first (`GET /api/trades`; the server's page size). */
export async function getTradesPage(tab: TradeTab, cursor: string | null, signal?: AbortSignal): Promise<TradePage> {
  const params = new URLSearchParams();
  if (tab !== 'all') params.set('status', tab);
  if (cursor) params.set('cursor', cursor);
  const query = params.toString() ? `?${params}` : '';
  const { data, headers } = await getJsonWithHeaders<Trade[]>(`/api/trades${query}`, { signal });
  return { trades: data, nextCursor: headers.get(NEXT_CURSOR_HEADER) || null };
}

/**
 * How often the open trades page looks for the other side's moves (accepted, shipped, received).
 * The app's default is never to refetch (see docs/web-client.md#data-caching); a trade is a conversation, so this list does,
 * and only while the tab is visible.
 */
export const TRADES_REFRESH_MS = 15_000;

const refresh = { refetchInterval: TRADES_REFRESH_MS, refetchIntervalInBackground: false, refetchOnWindowFocus: true } as const;

/** The trades of one tab of the trade management page, a page at a time ("Load more" asks for the next). */
export function useTradesTab(tab: TradeTab) {
  return useInfiniteQuery({
    queryKey: tradeKeys.list(tab),
    queryFn: ({ pageParam, signal }) => getTradesPage(tab, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    ...refresh,
  });
}

/** The counts of the stat cards and tab labels, from the server (the lists hold one page at a time). */
export function useTradeCounts() {
  return useQuery({
    queryKey: tradeKeys.counts,
    queryFn: ({ signal }) => getJson<TradeCounts>('/api/trades/counts', { signal }),
    ...refresh,
  });
}

/** One of the caller's trades (`GET /api/trades/:id`); idle while `id` is null. */
export function useTrade(id: number | null) {
  return useQuery({
    queryKey: tradeKeys.detail(id ?? 0),
    queryFn: ({ signal }) => getJson<Trade>(`/api/trades/${id}`, { signal }),
    enabled: id !== null,
    retry: false,
  });
}
