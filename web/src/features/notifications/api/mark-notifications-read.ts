import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarkNotificationsRead, MarkNotificationsReadResult } from '@soleswap/contracts/notifications';
import { apiRequest } from '../../../lib/api-client';
import { notificationsQueryKey } from './get-notifications';

/** Marks some (`{ ids }`) or all (`{ all: true }`) of the member's notifications read. */
export function markNotificationsRead(input: MarkNotificationsRead): Promise<MarkNotificationsReadResult> {
  return apiRequest<MarkNotificationsReadResult>('POST', '/api/notifications/read', input);
}

/** Marks read, then refreshes the bell. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}
