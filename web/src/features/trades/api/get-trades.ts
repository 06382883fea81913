import { useQuery } from '@tanstack/react-query';
import type { Trade } from '@soleswap/contracts/trades';
import { getJson } from '../../../lib/api-client';

/** Every trade query starts with this, so invalidating it refreshes them all. */
export const tradesQueryKey = ['/api/trades'] as const;

/** The caller's trades as proposer or receiver, newest first. */
export function getTrades(signal?: AbortSignal): Promise<Trade[]> {
  return getJson<Trade[]>('/api/trades', { signal });
}

/** Loads the trade management page's list. */
export function useTrades() {
  return useQuery({ queryKey: tradesQueryKey, queryFn: ({ signal }) => getTrades(signal) });
}
