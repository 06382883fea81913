import { useQuery } from '@tanstack/react-query';
import type { Trade } from '@soleswap/contracts/trades';
import { getJson } from '../../../lib/api-client';

/** Every trade query starts with this, so invalidating it refreshes them all. */
export const tradesQueryKey = ['/api/trades'] as const;

/** The caller's trades as proposer or receiver, newest first. */
export function getTrades(signal?: AbortSignal): Promise<Trade[]> {
  return getJson<Trade[]>('/api/trades', { signal });
}

/**
 * How often the open trades page looks for the other side's moves (accepted, shipped, received).
 * The app's default is never to refetch (see docs/web-client.md#data-caching); a trade is a conversation, so this list does,
 * and only while the tab is visible.
 */
export const TRADES_REFRESH_MS = 15_000;

/** Loads the trade management page's list. */
export function useTrades() {
  return useQuery({
    queryKey: tradesQueryKey,
    queryFn: ({ signal }) => getTrades(signal),
    refetchInterval: TRADES_REFRESH_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });
}
