import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FollowStatus } from '@soleswap/contracts/follows';
import type { UserStats } from '@soleswap/contracts/users';
import { apiRequest } from '../../../lib/api-client';
import { followKeys, userKeys } from '../../../lib/query-keys';

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
        queryClient.cancelQueries({ queryKey: followKeys.status(userId) }),
        queryClient.cancelQueries({ queryKey: userKeys.stats(userId) }),
      ]);
      const previousStatus = queryClient.getQueryData<FollowStatus>(followKeys.status(userId));
      const previousStats = queryClient.getQueryData<UserStats>(userKeys.stats(userId));
      const wasFollowing = previousStatus?.following ?? false;
      queryClient.setQueryData<FollowStatus>(followKeys.status(userId), { following });
      if (previousStats && wasFollowing !== following) {
        queryClient.setQueryData<UserStats>(userKeys.stats(userId), {
          ...previousStats,
          followerCount: Math.max(0, previousStats.followerCount + (following ? 1 : -1)),
        });
      }
      return { previousStatus, previousStats };
    },
    onSuccess: (status) => {
      queryClient.setQueryData(followKeys.status(userId), status);
    },
    onError: (_error, _following, context) => {
      queryClient.setQueryData(followKeys.status(userId), context?.previousStatus);
      queryClient.setQueryData(userKeys.stats(userId), context?.previousStats);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.stats(userId) }),
        ...(viewerId ? [queryClient.invalidateQueries({ queryKey: userKeys.stats(viewerId) })] : []),
        queryClient.invalidateQueries({ queryKey: followKeys.lists }),
      ]),
  });
}
