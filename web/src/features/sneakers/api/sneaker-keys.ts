import type { QueryClient } from '@tanstack/react-query';
import { catalogKeys, sneakerKeys, userKeys } from '../../../lib/query-keys';

/**
 * After a sneaker changes (add, edit, hide or delete): every sneaker list and page, the
 * counters (`/api/users/:id/stats` count sneakers too), and the library stats (they count
 * verified sneakers and average their values). Returns when the active queries have refetched.
 */
export function invalidateAfterSneakerChange(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: sneakerKeys.all }),
    queryClient.invalidateQueries({ queryKey: userKeys.all }),
    queryClient.invalidateQueries({ queryKey: catalogKeys.stats }),
  ]);
}
