import { useQuery } from '@tanstack/react-query';
import type { FollowStatus } from '@soleswap/contracts/follows';
import { getJson } from '../../../lib/api-client';

export const followStatusQueryKey = (userId: string) => ['/api/users', userId, 'follow'] as const;

/** Whether the signed-in member follows `userId`. */
export function getFollowStatus(userId: string, signal?: AbortSignal): Promise<FollowStatus> {
  return getJson<FollowStatus>(`/api/users/${encodeURIComponent(userId)}/follow`, { signal });
}

/** Loads the Follow / Unfollow state; idle on your own profile (`enabled: false`). */
export function useFollowStatus(userId: string, { enabled = true } = {}) {
  return useQuery({
    queryKey: followStatusQueryKey(userId),
    queryFn: ({ signal }) => getFollowStatus(userId, signal),
    enabled,
  });
}
