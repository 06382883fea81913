import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PushPreferences, PushPreferencesInput } from '@soleswap/contracts/push';
import { apiRequest, getJson } from '../../../lib/api-client';
import { pushKeys } from '../../../lib/query-keys';

export function getPushPreferences(signal?: AbortSignal): Promise<PushPreferences> {
  return getJson<PushPreferences>('/api/push/preferences', { signal });
}

/** Saves kinds on or off for push, and the quiet hours (the same input twice saves the same: no idempotency key needed). */
export function updatePushPreferences(input: PushPreferencesInput): Promise<PushPreferences> {
  return apiRequest<PushPreferences>('PUT', '/api/push/preferences', input);
}

/** Which kinds are pushed to the member's devices. */
export function usePushPreferences() {
  return useQuery({ queryKey: pushKeys.preferences, queryFn: ({ signal }) => getPushPreferences(signal) });
}

export function useUpdatePushPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePushPreferences,
    onSuccess: (saved) => queryClient.setQueryData(pushKeys.preferences, saved),
  });
}
