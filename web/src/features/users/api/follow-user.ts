import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { followStatusQueryKey, type FollowStatus } from './get-follow-status';
import { userStatsQueryKey } from './get-user-stats';

/** Follows a member (`POST /api/users/:id/follow`); following twice changes nothing. */
export function followUser(userId: string): Promise<FollowStatus> {
  return apiRequest<FollowStatus>('POST', `/api/users/${encodeURIComponent(userId)}/follow`);
}

/** Follows `userId`, then shows Following and refreshes their follower count. */
export function useFollowUser(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => followUser(userId),
    onSuccess: (status) => {
      queryClient.setQueryData(followStatusQueryKey(userId), status);
      return queryClient.invalidateQueries({ queryKey: userStatsQueryKey(userId) });
    },
  });
}
