import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminReport, ResolveReport } from '@soleswap/contracts/moderation';
import type { Page } from '@soleswap/contracts/users';
import { apiRequest, getJson } from '../../../lib/api-client';
import { moderationKeys } from '../../../lib/query-keys';

/** One page of the open reports, oldest first (`GET /api/admin/reports`, admins only). */
export function findAdminReports(cursor: string | null, signal?: AbortSignal): Promise<Page<AdminReport>> {
  const params = new URLSearchParams();
  if (cursor) params.set('cursor', cursor);
  return getJson<Page<AdminReport>>(`/api/admin/reports?${params}`, { signal });
}

export function useAdminReports() {
  return useInfiniteQuery({
    queryKey: moderationKeys.reports,
    queryFn: ({ pageParam, signal }) => findAdminReports(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** Dismisses a report, hides the listing or suspends the member; the queue is reloaded after. */
export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: ResolveReport & { id: number }) => apiRequest<AdminReport>('POST', `/api/admin/reports/${id}/resolve`, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: moderationKeys.reports }),
  });
}
