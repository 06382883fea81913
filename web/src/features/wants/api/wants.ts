import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CatalogRelease } from '@soleswap/contracts/catalog';
import type { CreateWant, MatchesResponse, Want } from '@soleswap/contracts/wants';
import { apiRequest, getJson } from '../../../lib/api-client';

export const wantsQueryKey = ['/api/wants'] as const;
export const matchesQueryKey = ['/api/matches'] as const;

export function useWants() {
  return useQuery({ queryKey: wantsQueryKey, queryFn: ({ signal }) => getJson<Want[]>('/api/wants', { signal }) });
}

export function useMatches() {
  return useQuery({ queryKey: matchesQueryKey, queryFn: ({ signal }) => getJson<MatchesResponse>('/api/matches', { signal }) });
}

/** Catalogue releases matching the search, for adding a want. */
export function useReleaseSearch(q: string) {
  const params = new URLSearchParams({ brand: 'all', limit: '8' });
  if (q.trim()) params.set('q', q.trim());
  return useQuery({
    queryKey: ['/api/catalog', 'wants', q.trim()],
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
      void client.invalidateQueries({ queryKey: wantsQueryKey });
      void client.invalidateQueries({ queryKey: matchesQueryKey });
    },
  });
}

export const useCreateWant = () => useWantsMutation((input: CreateWant) => apiRequest<Want>('POST', '/api/wants', input));
export const useDeleteWant = () => useWantsMutation((id: number) => apiRequest<null>('DELETE', `/api/wants/${id}`));
export const useReorderWants = () => useWantsMutation((ids: number[]) => apiRequest<Want[]>('PUT', '/api/wants/order', { ids }));
