import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SeedCatalogResult } from '@soleswap/contracts/catalog';
import { apiRequest } from '../../../lib/api-client';
import { catalogKeys } from '../../../lib/query-keys';

/** Loads the top 100 releases into the catalogue (admin; idempotent upsert by style code). */
export function seedCatalog(): Promise<SeedCatalogResult> {
  return apiRequest<SeedCatalogResult>('POST', '/api/admin/seed-sneakers');
}

/** Seeds the catalogue, then reloads the library (see docs/web-client.md#data-caching). */
export function useSeedCatalog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: seedCatalog,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: catalogKeys.all }), queryClient.invalidateQueries({ queryKey: catalogKeys.stats })]),
  });
}
