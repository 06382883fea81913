import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FollowStatus } from '@soleswap/contracts/follows';
import type { UserStats } from '@soleswap/contracts/users';
import { apiRequest } from '../../../lib/api-client';
import { followStatusQueryKey } from './get-follow-status';
import { FOLLOW_LISTS_KEY } from './get-follows';

/** The profile counters' query (GET /api/users/:id/stats): keys are the request path's segments. */
const statsKey = (userId: string) => ['/api/users', userId, 'stats'] as const;

/** Follows (`POST`) or unfollows (`DELETE /api/users/:id/follow`); both are idempotent. */
export function setFollowing(userId: string, following: boolean): Promise<FollowStatus> {
  return apiRequest<FollowStatus>(following ? 'POST' : 'DELETE', `/api/users/${encodeURIComponent(userId)}/follow`);
}

/**
 * Follow or unfollow `userId`, shown at once: the button and the follower count change before
 * the server answers, and go back to what they were if it refuses. The server's answer then sets
 * the button, and the counters and follow lists are reloaded.
 */
export function useSetFollowing(userId: string, viewerId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (following: boolean) => setFollowing(userId, following),
    onMutate: async (following) => {
      await Promise.all([
        queryClient.cancelQueries({ queryKey: followStatusQueryKey(userId) }),
        queryClient.cancelQueries({ queryKey: statsKey(userId) }),
      ]);
      const previousStatus = queryClient.getQueryData<FollowStatus>(followStatusQueryKey(userId));
      const previousStats = queryClient.getQueryData<UserStats>(statsKey(userId));
      const wasFollowing = previousStatus?.following ?? false;
      queryClient.setQueryData<FollowStatus>(followStatusQueryKey(userId), { following });
      if (previousStats && wasFollowing !== following) {
        queryClient.setQueryData<UserStats>(statsKey(userId), {
          ...previousStats,
          followerCount: Math.max(0, previousStats.followerCount + (following ? 1 : -1)),
        });
      }
      return { previousStatus, previousStats };
    },
    onSuccess: (status) => {
      queryClient.setQueryData(followStatusQueryKey(userId), status);
    },
    onError: (_error, _following, context) => {
      queryClient.setQueryData(followStatusQueryKey(userId), context?.previousStatus);
      queryClient.setQueryData(statsKey(userId), context?.previousStats);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: statsKey(userId) }),
        ...(viewerId ? [queryClient.invalidateQueries({ queryKey: statsKey(viewerId) })] : []),
        queryClient.invalidateQueries({ queryKey: FOLLOW_LISTS_KEY }),
      ]),
  });
}
