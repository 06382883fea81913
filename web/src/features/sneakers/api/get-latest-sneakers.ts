import { useQuery } from '@tanstack/react-query';
import type { Sneaker } from '@soleswap/contracts/sneakers';
import { getJson } from '../../../lib/api-client';

/** The fields of a sneaker the home page's latest drops read. */
export type LatestSneaker = Pick<
  Sneaker,
  | 'id'
  | 'userId'
  | 'name'
  | 'brand'
  | 'size'
  | 'condition'
  | 'estimatedValue'
  | 'marketPrice'
  | 'imageUrl'
  | 'thumbnailUrl'
  | 'isVerified'
  | 'isAvailableForTrade'
>;

/** Spec 9: the home page asks for 8 and shows 4. */
export const LATEST_SNEAKERS_LIMIT = 8;

export const latestSneakersQueryKey = ['/api/sneakers', { limit: LATEST_SNEAKERS_LIMIT }] as const;

/** The newest sneakers on the platform (signed-in list). */
export function getLatestSneakers(signal?: AbortSignal): Promise<LatestSneaker[]> {
  return getJson<LatestSneaker[]>(`/api/sneakers?limit=${LATEST_SNEAKERS_LIMIT}`, { signal });
}

/** Loads the home page's latest drops. */
export function useLatestSneakers() {
  return useQuery({
    queryKey: latestSneakersQueryKey,
    queryFn: ({ signal }) => getLatestSneakers(signal),
  });
}
