import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CatalogRelease } from '@soleswap/contracts/catalog';
import { getJson } from './api-client';
import { catalogKeys } from './query-keys';

export interface CatalogFilters {
  q: string;
  /** A brand, or 'all'. */
  brand: string;
  limit: number;
}

/** Releases of the catalogue (`GET /api/catalog`), most popular first. */
export function findCatalogReleases(filters: CatalogFilters, signal?: AbortSignal): Promise<CatalogRelease[]> {
  const params = new URLSearchParams({ brand: filters.brand || 'all', limit: String(filters.limit) });
  if (filters.q.trim()) params.set('q', filters.q.trim());
  return getJson<CatalogRelease[]>(`/api/catalog?${params}`, { signal });
}

/**
 * Catalogue releases for the library (catalog) and the add dialog's typeahead (sneakers), so both
 * features share this one query. The previous
 * answer stays on screen while a new search loads, so results don't flash empty.
 */
export function useCatalogReleases(filters: CatalogFilters, { enabled = true } = {}) {
  return useQuery({
    queryKey: catalogKeys.releases(filters),
    queryFn: ({ signal }) => findCatalogReleases(filters, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
