import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { followStatusQueryKey, type FollowStatus } from './get-follow-status';
import { userStatsQueryKey } from './get-user-stats';

/** Stops following a member (`DELETE /api/users/:id/follow`). */
export function unfollowUser(userId: string): Promise<FollowStatus> {
  return apiRequest<FollowStatus>('DELETE', `/api/users/${encodeURIComponent(userId)}/follow`);
}

/** Unfollows `userId`, then shows Follow and refreshes their follower count. */
export function useUnfollowUser(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unfollowUser(userId),
    onSuccess: (status) => {
      queryClient.setQueryData(followStatusQueryKey(userId), status);
      return queryClient.invalidateQueries({ queryKey: userStatsQueryKey(userId) });
    },
  });
}
