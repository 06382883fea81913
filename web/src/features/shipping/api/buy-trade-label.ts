import { useQueryClient } from '@tanstack/react-query';
import type { BuyLabel, ShippingLabel } from '@soleswap/contracts/shipping';
import { apiRequest } from '../../../lib/api-client';
import { IDEMPOTENCY_HEADER } from '../../../lib/idempotency-key';
import { useIdempotentMutation } from '../../../lib/use-idempotent-mutation';
import { refreshAfterShipping } from './refresh-after-shipping';

/** `POST /api/trades/:id/label`: buys the caller's label for their side, once per click (Idempotency-Key). */
export function buyTradeLabel(tradeId: number, input: BuyLabel, idempotencyKey: string): Promise<ShippingLabel> {
  return apiRequest<ShippingLabel>('POST', `/api/trades/${tradeId}/label`, input, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}

/** Mutation for `buyTradeLabel`; call `mutate({ tradeId, input })`. */
export function useBuyTradeLabel(callbacks: { onSuccess?: (label: ShippingLabel) => void; onError?: (error: unknown) => void } = {}) {
  const queryClient = useQueryClient();
  return useIdempotentMutation<{ tradeId: number; input: BuyLabel }, ShippingLabel>({
    request: ({ tradeId, input }, key) => buyTradeLabel(tradeId, input, key),
    onSuccess: (label) => callbacks.onSuccess?.(label),
    onError: (error) => callbacks.onError?.(error),
    onSettled: () => refreshAfterShipping(queryClient),
  });
}
