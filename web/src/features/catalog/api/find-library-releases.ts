import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CATALOG_SUGGESTION_HEADER, type CatalogRelease } from '@soleswap/contracts/catalog';
import { getJsonWithHeaders } from '../../../lib/api-client';
import type { CatalogFilters } from '../../../lib/catalog-releases';
import { catalogKeys } from '../../../lib/query-keys';

export interface LibraryReleases {
  releases: CatalogRelease[];
  /** When the search found nothing: a spelling that finds releases ("did you mean"), else null. */
  suggestion: string | null;
}

/** The library's releases (`GET /api/catalog`) with the server's "did you mean" (X-Did-You-Mean). */
export async function findLibraryReleases(filters: CatalogFilters, signal?: AbortSignal): Promise<LibraryReleases> {
  const params = new URLSearchParams({ brand: filters.brand || 'all', limit: String(filters.limit) });
  if (filters.q.trim()) params.set('q', filters.q.trim());
  const { data, headers } = await getJsonWithHeaders<CatalogRelease[]>(`/api/catalog?${params}`, { signal });
  return { releases: data, suggestion: headers.get(CATALOG_SUGGESTION_HEADER) };
}

/** Under catalogKeys.releases, so reloading the library refreshes it; the previous answer stays while a search loads. */
export function useLibraryReleases(filters: CatalogFilters) {
  return useQuery({
    queryKey: catalogKeys.libraryReleases(filters),
    queryFn: ({ signal }) => findLibraryReleases(filters, signal),
    placeholderData: keepPreviousData,
  });
}
