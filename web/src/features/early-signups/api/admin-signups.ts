import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EarlySignup, EarlySignupSummary } from '@soleswap/contracts/early-signups';
import { NEXT_CURSOR_HEADER } from '@soleswap/contracts/list-values';
import { apiRequest, getJson, getJsonWithHeaders } from '../../../lib/api-client';
import { earlySignupKeys } from '../../../lib/query-keys';

/** The CSV export; the server names the file soleswap-signups-YYYY-MM-DD.csv. */
export const SIGNUPS_CSV_PATH = '/api/admin/early-signups.csv';

export interface SignupPage {
  signups: EarlySignup[];
  nextCursor: string | null;
}

/** One page of `GET /api/admin/early-signups?q=` (admins), newest first. */
export async function findAdminSignups(q: string, cursor: string | null, signal?: AbortSignal): Promise<SignupPage> {
  const params = new URLSearchParams();
  if (q.trim()) params.set('q', q.trim());
  if (cursor) params.set('cursor', cursor);
  const { data, headers } = await getJsonWithHeaders<EarlySignup[]>(`/api/admin/early-signups?${params}`, { signal });
  return { signups: data, nextCursor: headers.get(NEXT_CURSOR_HEADER) || null };
}

export function useAdminSignups(q: string) {
  return useInfiniteQuery({
    queryKey: earlySignupKeys.list(q),
    queryFn: ({ pageParam, signal }) => findAdminSignups(q, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
}

/** Total, today's and e-mail domain counts. */
export function useSignupSummary() {
  return useQuery({
    queryKey: earlySignupKeys.summary,
    queryFn: ({ signal }) => getJson<EarlySignupSummary>('/api/admin/early-signups/summary', { signal }),
  });
}

/** Mark notified; the list is reloaded so the badge shows the server's state. */
export function useMarkSignupNotified() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<EarlySignup>('POST', `/api/admin/early-signups/${id}/notified`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: earlySignupKeys.all }),
  });
}
