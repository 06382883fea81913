import { useQuery } from '@tanstack/react-query';
import type { Sneaker } from '@soleswap/contracts/sneakers';
import { getJson } from '../../../lib/api-client';
import { SNEAKERS_KEY } from './sneaker-keys';

/** The home page asks for 8 and shows 4 (see docs/web-client.md#timings-and-counts). */
export const LATEST_SNEAKERS_LIMIT = 8;

export const latestSneakersQueryKey = [...SNEAKERS_KEY, 'latest', { limit: LATEST_SNEAKERS_LIMIT }] as const;

/** The newest sneakers on the platform (signed-in list, newest first by default). */
export function getLatestSneakers(signal?: AbortSignal): Promise<Sneaker[]> {
  return getJson<Sneaker[]>(`/api/sneakers?limit=${LATEST_SNEAKERS_LIMIT}`, { signal });
}

/** Loads the home page's latest drops. */
export function useLatestSneakers() {
  return useQuery({
    queryKey: latestSneakersQueryKey,
    queryFn: ({ signal }) => getLatestSneakers(signal),
  });
}
