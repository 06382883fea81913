import { useQuery } from '@tanstack/react-query';
import type { UserStats } from '@soleswap/contracts/users';
import { getJson } from '../../../lib/api-client';

export const userStatsQueryKey = (userId: string) => ['/api/users', userId, 'stats'] as const;

/** Sneaker, trade, follower and following counts of one user. */
export function getUserStats(userId: string, signal?: AbortSignal): Promise<UserStats> {
  return getJson<UserStats>(`/api/users/${encodeURIComponent(userId)}/stats`, { signal });
}

/** Loads a user's counters; idle while `userId` is undefined (only when the id exists; see docs/web-client.md#data-caching). */
export function useUserStats(userId: string | undefined) {
  return useQuery({
    queryKey: userStatsQueryKey(userId ?? ''),
    queryFn: ({ signal }) => getUserStats(userId as string, signal),
    enabled: Boolean(userId),
  });
}
