import { useQuery } from '@tanstack/react-query';
import type { User } from '@soleswap/contracts/users';
import { getJson } from './api-client';
import { userKeys } from './query-keys';

/** One user's public profile; throws an ApiError with code NOT_FOUND if absent. */
export function getUser(userId: string, signal?: AbortSignal): Promise<User> {
  return getJson<User>(`/api/users/${encodeURIComponent(userId)}`, { signal });
}

/**
 * Loads a member's profile; idle while `userId` is undefined. The profile page and the trade
 * proposal (its other party) both use it, so they share one cache entry.
 */
export function useUser(userId: string | undefined) {
  return useQuery({
    queryKey: userKeys.detail(userId ?? ''),
    queryFn: ({ signal }) => getUser(userId as string, signal),
    enabled: Boolean(userId),
  });
}
