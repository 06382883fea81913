import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TradeHistoryEvent } from '@soleswap/contracts/moderation';
import type { ResolveOutcome, Trade } from '@soleswap/contracts/trades';
import { apiRequest, getJson } from '../../../lib/api-client';

const ADMIN_DISPUTES_KEY = ['admin', 'disputes'] as const;

/** Open disputes, oldest first (`GET /api/admin/disputes`, admins only). */
export function useAdminDisputes() {
  return useQuery({
    queryKey: ADMIN_DISPUTES_KEY,
    queryFn: ({ signal }) => getJson<Trade[]>('/api/admin/disputes', { signal }),
  });
}

/** A disputed trade's audit trail: each side's steps with tracking numbers and reasons. */
export function useDisputeHistory(tradeId: number) {
  return useQuery({
    queryKey: [...ADMIN_DISPUTES_KEY, tradeId, 'history'],
    queryFn: ({ signal }) => getJson<TradeHistoryEvent[]>(`/api/admin/disputes/${tradeId}/history`, { signal }),
  });
}

export function useResolveDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tradeId, outcome, note }: { tradeId: number; outcome: ResolveOutcome; note?: string }) =>
      apiRequest<Trade>('POST', `/api/trades/${tradeId}/resolve`, { outcome, ...(note ? { note } : {}) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_DISPUTES_KEY }),
  });
}
