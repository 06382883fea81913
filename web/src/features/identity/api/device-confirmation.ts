import { useMutation, useQuery } from '@tanstack/react-query';
import type { DeviceConfirmationStatus } from '@soleswap/contracts/identity';
import { apiRequest, getJson } from '../../../lib/api-client';

const deviceConfirmationKey = ['identity', 'device-confirmation'] as const;

/** Whether this session waits for its new-device link (premium's Enhanced Security); asked for signed-in members only. */
export function useDeviceConfirmation(isSignedIn: boolean) {
  return useQuery({
    queryKey: deviceConfirmationKey,
    queryFn: ({ signal }) => getJson<DeviceConfirmationStatus>('/api/auth/device-confirmation', { signal }),
    enabled: isSignedIn,
  });
}

/** Mails a new link (it replaces the one before). */
export function useResendDeviceLink() {
  return useMutation({ mutationFn: () => apiRequest<{ sent: boolean }>('POST', '/api/auth/device-confirmation/resend', {}) });
}
