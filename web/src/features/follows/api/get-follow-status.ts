import { useQuery } from '@tanstack/react-query';
import type { FollowStatus } from '@soleswap/contracts/follows';
import { getJson } from '../../../lib/api-client';
import { followKeys } from '../../../lib/query-keys';

/** Whether the signed-in member follows `userId`. */
export function getFollowStatus(userId: string, signal?: AbortSignal): Promise<FollowStatus> {
  return getJson<FollowStatus>(`/api/users/${encodeURIComponent(userId)}/follow`, { signal });
}

/** Loads the Follow / Unfollow state; idle on your own profile (`enabled: false`). */
export function useFollowStatus(userId: string, { enabled = true } = {}) {
  return useQuery({
    queryKey: followKeys.status(userId),
    queryFn: ({ signal }) => getFollowStatus(userId, signal),
    enabled,
  });
}
