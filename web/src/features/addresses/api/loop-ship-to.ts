import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoopLegShipTo } from '@soleswap/contracts/loops';
import { apiRequest, getJson } from '../../../lib/api-client';
import { IDEMPOTENCY_HEADER } from '../../../lib/idempotency-key';
import { loopKeys } from '../../../lib/query-keys';
import { useIdempotentMutation } from '../../../lib/use-idempotent-mutation';

/**
 * Where one leg of a loop goes (`GET /api/loops/:id/legs/:position/ship-to`): the next member's
 * address for the leg's sender (once the loop binds), their own choice for its receiver.
 */
export function useLoopLegShipTo(loopId: number, position: number) {
  return useQuery({
    queryKey: loopKeys.legShipTo(loopId, position),
    queryFn: ({ signal }) => getJson<LoopLegShipTo>(`/api/loops/${loopId}/legs/${position}/ship-to`, { signal }),
  });
}

/** `PUT /api/loops/:id/ship-to`: change where my incoming leg goes (before it ships). */
export function useChooseLoopShipTo(loopId: number) {
  const client = useQueryClient();
  return useIdempotentMutation({
    request: (addressId: number, key) =>
      apiRequest<LoopLegShipTo>('PUT', `/api/loops/${loopId}/ship-to`, { addressId }, { headers: { [IDEMPOTENCY_HEADER]: key } }),
    onSettled: () => void client.invalidateQueries({ queryKey: loopKeys.all }),
  });
}
