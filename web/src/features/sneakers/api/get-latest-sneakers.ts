import { useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';

/**
 * The fields the home page reads from GET /api/sneakers. A minimal local type
 * until the sneakers contract exists; replace it with that contract's type.
 */
export interface LatestSneaker {
  id: number;
  userId: string;
  name: string;
  brand: string;
  size: string;
  /** Decimal string out of 10, e.g. "9.5". */
  condition: string;
  /** Decimal string in dollars, e.g. "250.00". */
  estimatedValue: string;
  marketPrice: string | null;
  imageUrl: string | null;
  thumbnailUrl: string | null;
  isVerified: boolean;
  isAvailableForTrade: boolean;
}

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
