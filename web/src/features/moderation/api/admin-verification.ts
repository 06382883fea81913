import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FlaggedPair } from '@soleswap/contracts/verification';
import { apiRequest, getJson } from '../../../lib/api-client';

/** The review queue's key (admins); a review refreshes it. */
export const flaggedPairsKey = ['admin', 'verification', 'flagged'] as const;

/** Pairs flagged by verification awaiting review, appeals first (`GET /api/admin/verification/flagged`, admins only). */
export function useFlaggedPairs() {
  return useQuery({
    queryKey: flaggedPairsKey,
    queryFn: ({ signal }) => getJson<FlaggedPair[]>('/api/admin/verification/flagged', { signal }),
  });
}

/** Confirm a flag (the listing is hidden from trading) or clear it with a note; both are audit-logged. */
export function useReviewFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ sneakerId, decision, note }: { sneakerId: number; decision: 'confirm' | 'clear'; note: string }) =>
      apiRequest<unknown>('POST', `/api/admin/verification/${sneakerId}/${decision}`, note ? { note } : {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: flaggedPairsKey }),
  });
}
