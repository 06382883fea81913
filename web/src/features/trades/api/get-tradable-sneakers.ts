import { useQuery } from '@tanstack/react-query';
import type { Sneaker } from '@soleswap/contracts/sneakers';
import { SNEAKER_PAGE_MAX } from '@soleswap/contracts/sneaker-values';
import { getJson } from '../../../lib/api-client';
import { tradeKeys } from '../../../lib/query-keys';

/** A sneaker may go into a proposal only when its owner offers it and no escrow holds it (see docs/rules/trades.md#proposals). */
export function isTradable(sneaker: Pick<Sneaker, 'isAvailableForTrade' | 'isLocked'>): boolean {
  return sneaker.isAvailableForTrade && !sneaker.isLocked;
}

/** One user's sneakers that can be put in a trade right now (the first page of up to 100). */
export async function getTradableSneakers(userId: string, signal?: AbortSignal): Promise<Sneaker[]> {
  const sneakers = await getJson<Sneaker[]>(`/api/sneakers/user/${encodeURIComponent(userId)}?limit=${SNEAKER_PAGE_MAX}`, { signal });
  return sneakers.filter(isTradable);
}

/** Loads a column of the proposal and counter-offer pickers; idle without a user id. */
export function useTradableSneakers(userId: string | undefined) {
  return useQuery({
    // Distinct from the sneakers feature's keys: this cache holds the filtered list.
    queryKey: tradeKeys.tradableSneakersOf(userId ?? '', SNEAKER_PAGE_MAX),
    queryFn: ({ signal }) => getTradableSneakers(userId as string, signal),
    enabled: Boolean(userId),
  });
}
