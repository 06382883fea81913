import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HoldAppeal, HoldAppealAction } from '@soleswap/contracts/hold-appeals';
import { apiRequest, getJson } from '../../../lib/api-client';
import { moderationKeys } from '../../../lib/query-keys';

/** Appeals of captured protection holds waiting for a ruling, oldest first (`GET /api/admin/hold-appeals`, admins only). */
export function useHoldAppeals() {
  return useQuery({
    queryKey: moderationKeys.holdAppeals,
    queryFn: ({ signal }) => getJson<HoldAppeal[]>('/api/admin/hold-appeals', { signal }),
  });
}

/** Reverses or upholds an appeal with the note both members read. */
export function useRuleHoldAppeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ appealId, action, note }: { appealId: number; action: HoldAppealAction; note: string }) =>
      apiRequest<HoldAppeal>('POST', `/api/admin/hold-appeals/${appealId}/${action}`, { note }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: moderationKeys.holdAppeals }),
  });
}
