import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReturnShipTo, ShipReturn, TradeReturn, TradeRuling } from '@soleswap/contracts/trades';
import { apiRequest, getJson } from '../../../lib/api-client';
import { tradeKeys } from '../../../lib/query-keys';

/** The admin's ruling on a trade's dispute, its note and the pairs going back (`GET /api/trades/:id/ruling`). */
export const rulingKey = (tradeId: number) => [...tradeKeys.all, tradeId, 'ruling'] as const;
const returnShipToKey = (returnId: number) => [...tradeKeys.all, 'returns', returnId, 'ship-to'] as const;

export function useTradeRuling(tradeId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: rulingKey(tradeId),
    queryFn: ({ signal }) => getJson<TradeRuling>(`/api/trades/${tradeId}/ruling`, { signal }),
    enabled,
  });
}

/** Where a pair goes back, as the caller may see it (`GET /api/trade-returns/:id/ship-to`). */
export function useReturnShipTo(returnId: number) {
  return useQuery({
    queryKey: returnShipToKey(returnId),
    queryFn: ({ signal }) => getJson<ReturnShipTo>(`/api/trade-returns/${returnId}/ship-to`, { signal }),
  });
}

/** The slip of the box going back, for the member who sends it. */
export const returnSlipUrl = (returnId: number) => `/api/trade-returns/${returnId}/packing-slip.pdf`;

/** A step of a return (ship it back, confirm it arrived, choose where it comes back); the trade's ruling is read again after. */
function useReturnStep<T, B>(run: (body: B) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: tradeKeys.all }),
  });
}

export function useShipReturn(returnId: number) {
  return useReturnStep((body: ShipReturn) => apiRequest<TradeReturn>('POST', `/api/trade-returns/${returnId}/ship`, body));
}

export function useReceiveReturn(returnId: number) {
  return useReturnStep(() => apiRequest<TradeReturn>('POST', `/api/trade-returns/${returnId}/receive`));
}

export function useChooseReturnShipTo(returnId: number) {
  return useReturnStep((body: { addressId: number }) => apiRequest<ReturnShipTo>('PUT', `/api/trade-returns/${returnId}/ship-to`, body));
}
