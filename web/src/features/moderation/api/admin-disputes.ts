import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TradeHistoryEvent } from '@soleswap/contracts/moderation';
import type { DisputeEvidencePage, ResolveOutcome, Trade } from '@soleswap/contracts/trades';
import { apiRequest, getJson } from '../../../lib/api-client';
import { moderationKeys } from '../../../lib/query-keys';

/** Open disputes, oldest first (`GET /api/admin/disputes`, admins only). */
export function useAdminDisputes() {
  return useQuery({
    queryKey: moderationKeys.disputes,
    queryFn: ({ signal }) => getJson<Trade[]>('/api/admin/disputes', { signal }),
  });
}

/** A disputed trade's audit trail: each side's steps with tracking numbers and reasons. */
export function useDisputeHistory(tradeId: number) {
  return useQuery({
    queryKey: moderationKeys.disputeHistory(tradeId),
    queryFn: ({ signal }) => getJson<TradeHistoryEvent[]>(`/api/admin/disputes/${tradeId}/history`, { signal }),
  });
}

/** Both parties' notes and photos for a disputed trade (`GET /api/trades/:id/dispute-evidence`; one page holds all 20 a dispute can have). */
export function useDisputeEvidence(tradeId: number) {
  return useQuery({
    queryKey: moderationKeys.disputeEvidence(tradeId),
    queryFn: ({ signal }) => getJson<DisputeEvidencePage>(`/api/trades/${tradeId}/dispute-evidence`, { signal }),
  });
}

export function useResolveDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tradeId, outcome, note }: { tradeId: number; outcome: ResolveOutcome; note?: string }) =>
      apiRequest<Trade>('POST', `/api/trades/${tradeId}/resolve`, { outcome, ...(note ? { note } : {}) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: moderationKeys.disputes }),
  });
}
