import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FileHoldAppeal, HoldAppeal, TradeHoldAppeal } from '@soleswap/contracts/hold-appeals';
import { apiRequest, getJson } from '../../../lib/api-client';
import { tradeKeys } from '../../../lib/query-keys';

/** The caller's appeal of a hold captured on the trade, and whether they may file one (`GET /api/trades/:id/hold-appeal`). */
export function useTradeHoldAppeal(tradeId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: tradeKeys.holdAppeal(tradeId),
    queryFn: ({ signal }) => getJson<TradeHoldAppeal>(`/api/trades/${tradeId}/hold-appeal`, { signal }),
    enabled,
  });
}

/** Files the appeal (`POST /api/trades/:id/hold-appeal`), then reads the trade's appeal again. */
export function useFileHoldAppeal(tradeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FileHoldAppeal) => apiRequest<HoldAppeal>('POST', `/api/trades/${tradeId}/hold-appeal`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tradeKeys.holdAppeal(tradeId) }),
  });
}
