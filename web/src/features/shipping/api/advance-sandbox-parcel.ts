import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdvanceSandboxParcel } from '@soleswap/contracts/shipping';
import { apiRequest } from '../../../lib/api-client';
import { refreshAfterShipping } from './refresh-after-shipping';

/**
 * `POST /api/shipping/sandbox/parcels/:trackingNumber/advance`: the sandbox carrier reports the
 * parcel at a new status, as a real carrier's event would (development control only).
 */
export function advanceSandboxParcel(trackingNumber: string, input: AdvanceSandboxParcel): Promise<unknown> {
  return apiRequest<unknown>('POST', `/api/shipping/sandbox/parcels/${encodeURIComponent(trackingNumber)}/advance`, input);
}

/** Mutation for `advanceSandboxParcel`; call `mutate({ trackingNumber, status })`. */
export function useAdvanceSandboxParcel(callbacks: { onError?: (error: unknown) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ trackingNumber, ...input }: { trackingNumber: string } & AdvanceSandboxParcel) => advanceSandboxParcel(trackingNumber, input),
    onError: (error) => callbacks.onError?.(error),
    onSettled: () => refreshAfterShipping(queryClient),
  });
}
