import type { QueryClient } from '@tanstack/react-query';

/**
 * A verification changes the sneaker (badge, market price), the counters and the library stats.
 * The keys are the API paths the sneakers and users features use: features never import each other.
 */
export function invalidateAfterVerification(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    [['/api/sneakers'], ['/api/users'], ['/api/catalog/stats']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}
