import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CatalogRelease } from '@soleswap/contracts/catalog';
import type { CreateWant, MatchesResponse, Want } from '@soleswap/contracts/wants';
import { apiRequest, getJson } from '../../../lib/api-client';
import { wantKeys } from '../../../lib/query-keys';

/** The whole wantlist: it holds at most MAX_WANTS, the server's default (and largest) page. */
export function useWants() {
  return useQuery({ queryKey: wantKeys.list, queryFn: ({ signal }) => getJson<Want[]>('/api/wants', { signal }) });
}

/** The best direct swaps (the first page; further pages through X-Next-Cursor) and loop suggestions, at most MATCHES_PAGE_DEFAULT of each. */
export function useMatches() {
  return useQuery({ queryKey: wantKeys.matches, queryFn: ({ signal }) => getJson<MatchesResponse>('/api/matches', { signal }) });
}

/** Catalogue releases matching the search, for adding a want. */
export function useReleaseSearch(q: string) {
  const params = new URLSearchParams({ brand: 'all', limit: '8' });
  if (q.trim()) params.set('q', q.trim());
  return useQuery({
    queryKey: wantKeys.releaseSearch(q.trim()),
    queryFn: ({ signal }) => getJson<CatalogRelease[]>(`/api/catalog?${params}`, { signal }),
    placeholderData: keepPreviousData,
    enabled: q.trim().length > 0,
  });
}

/** Every change to the wantlist can change the matches too. */
function useWantsMutation<T>(fn: (vars: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: wantKeys.list });
      void client.invalidateQueries({ queryKey: wantKeys.matches });
    },
  });
}

export const useCreateWant = () => useWantsMutation((input: CreateWant) => apiRequest<Want>('POST', '/api/wants', input));
export const useDeleteWant = () => useWantsMutation((id: number) => apiRequest<null>('DELETE', `/api/wants/${id}`));
export const useReorderWants = () => useWantsMutation((ids: number[]) => apiRequest<Want[]>('PUT', '/api/wants/order', { ids }));
