import type { QueryClient } from '@tanstack/react-query';

/**
 * Every sneaker query key starts with the API path, so one invalidation of
 * `SNEAKERS_KEY` refreshes every list (browse, locker, profile, latest drops)
 * after an add, edit, hide or delete.
 */
export const SNEAKERS_KEY = ['/api/sneakers'] as const;

/**
 * Counters (`/api/users/:id/stats`) count sneakers too. The key is the API path,
 * not an import from the users feature: features never import each other.
 */
export const USERS_KEY = ['/api/users'] as const;

/** Library stats count verified sneakers and average their values. */
export const CATALOG_STATS_KEY = ['/api/catalog/stats'] as const;

/**
 * After a sneaker changes: every sneaker list, the counters, and the library stats.
 * Returns when the active queries have refetched.
 */
export function invalidateAfterSneakerChange(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: SNEAKERS_KEY }),
    queryClient.invalidateQueries({ queryKey: USERS_KEY }),
    queryClient.invalidateQueries({ queryKey: CATALOG_STATS_KEY }),
  ]);
}
