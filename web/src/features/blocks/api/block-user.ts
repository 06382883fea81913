import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BlockStatus } from '@soleswap/contracts/blocks';
import { apiRequest, getJson } from '../../../lib/api-client';

export const blockStatusQueryKey = (userId: string) => ['/api/users', userId, 'block'] as const;

/** Whether I block `userId` (`GET /api/users/:id/block`). */
export function useBlockStatus(userId: string) {
  return useQuery({
    queryKey: blockStatusQueryKey(userId),
    queryFn: ({ signal }) => getJson<BlockStatus>(`/api/users/${encodeURIComponent(userId)}/block`, { signal }),
  });
}

/** Blocks (`POST`) or unblocks (`DELETE /api/users/:id/block`). */
export function setBlocked(userId: string, blocked: boolean): Promise<BlockStatus> {
  return apiRequest<BlockStatus>(blocked ? 'POST' : 'DELETE', `/api/users/${encodeURIComponent(userId)}/block`);
}

/**
 * Block or unblock a member. A block also ends follows and pending trades between us and hides
 * listings, so everything cached is reloaded rather than patched piece by piece.
 */
export function useSetBlocked(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (blocked: boolean) => setBlocked(userId, blocked),
    onSuccess: (status) => {
      queryClient.setQueryData(blockStatusQueryKey(userId), status);
      return queryClient.invalidateQueries();
    },
  });
}
