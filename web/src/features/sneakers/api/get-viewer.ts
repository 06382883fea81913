import { useQuery } from '@tanstack/react-query';
import type { User } from '@soleswap/contracts/users';
import { getJson } from '../../../lib/api-client';

/**
 * The same key and call as the users feature's `useCurrentUser`, so both read one
 * cache entry and the browser sends one request. Kept here because features never
 * import each other, and the sneaker pages are routed directly.
 */
const VIEWER_QUERY_KEY = ['/api/auth/user'] as const;

export interface Viewer {
  /** The signed-in member, or null for a visitor. */
  user: User | null;
  isLoading: boolean;
}

/** Who is looking at a sneaker page: a member, or a visitor (401 reads as signed out). */
export function useViewer(): Viewer {
  const query = useQuery({
    queryKey: VIEWER_QUERY_KEY,
    queryFn: ({ signal }) => getJson<User>('/api/auth/user', { on401: 'returnNull', signal }),
  });
  return { user: query.data ?? null, isLoading: query.isLoading };
}
