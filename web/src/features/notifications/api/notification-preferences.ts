import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences, NotificationPreferencesInput } from '@soleswap/contracts/notifications';
import { apiRequest, getJson } from '../../../lib/api-client';

export const notificationPreferencesQueryKey = ['/api/notifications/preferences'] as const;

export function getNotificationPreferences(signal?: AbortSignal): Promise<NotificationPreferences> {
  return getJson<NotificationPreferences>('/api/notifications/preferences', { signal });
}

export function updateNotificationPreferences(input: NotificationPreferencesInput): Promise<NotificationPreferences> {
  return apiRequest<NotificationPreferences>('PUT', '/api/notifications/preferences', input);
}

/** Which kinds the member gets. */
export function useNotificationPreferences() {
  return useQuery({ queryKey: notificationPreferencesQueryKey, queryFn: ({ signal }) => getNotificationPreferences(signal) });
}

/** Switches kinds on or off and shows the saved settings. */
export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onSuccess: (saved) => queryClient.setQueryData(notificationPreferencesQueryKey, saved),
  });
}
