import type { QueryClient } from '@tanstack/react-query';
import { catalogKeys, sneakerKeys, userKeys } from '../../../lib/query-keys';

/**
 * A verification changes the sneaker (badge, market price), the counters and the library stats.
 */
export function invalidateAfterVerification(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([sneakerKeys.all, userKeys.all, catalogKeys.stats].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
