import { useQuery } from '@tanstack/react-query';
import type { CatalogStats } from '@soleswap/contracts/catalog';
import { getJson } from '../../../lib/api-client';
import { catalogKeys } from '../../../lib/query-keys';

/** The library's stats cards and per-brand counts (`GET /api/catalog/stats`). */
export function getCatalogStats(signal?: AbortSignal): Promise<CatalogStats> {
  return getJson<CatalogStats>('/api/catalog/stats', { signal });
}

export function useCatalogStats() {
  return useQuery({ queryKey: catalogKeys.stats, queryFn: ({ signal }) => getCatalogStats(signal) });
}
