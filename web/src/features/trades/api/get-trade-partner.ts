import { useQuery } from '@tanstack/react-query';
import type { User } from '@soleswap/contracts/users';
import { getJson } from '../../../lib/api-client';

/** The same key and shape as the users feature's profile query, so both share one cache entry. */
export const tradePartnerQueryKey = (userId: string) => ['/api/users', userId] as const;

/** The member a proposal is addressed to; throws an ApiError with code NOT_FOUND if absent. */
export function getTradePartner(userId: string, signal?: AbortSignal): Promise<User> {
  return getJson<User>(`/api/users/${encodeURIComponent(userId)}`, { signal });
}

/** Loads the proposal's other party; idle without an id. */
export function useTradePartner(userId: string | undefined) {
  return useQuery({
    queryKey: tradePartnerQueryKey(userId ?? ''),
    queryFn: ({ signal }) => getTradePartner(userId as string, signal),
    enabled: Boolean(userId),
  });
}
