import { useQuery } from '@tanstack/react-query';
import type { User } from '@soleswap/contracts/users';
import { getJson } from '../../../lib/api-client';

export const CURRENT_USER_QUERY_KEY = ['/api/auth/user'] as const;

/** The signed-in user, or null when the server answers 401 (signed out). */
export function getCurrentUser(signal?: AbortSignal): Promise<User | null> {
  return getJson<User>('/api/auth/user', { on401: 'returnNull', signal });
}

export interface CurrentUserState {
  user: User | null;
  isLoading: boolean;
  /** True exactly when a user object exists (see docs/web-client.md#talking-to-the-api). */
  isAuthenticated: boolean;
}

/**
 * Who is signed in. A 401 is "signed out", not an error, and is never retried;
 * any other failure also reads as signed out so the public pages still work.
 */
export function useCurrentUser(): CurrentUserState {
  const query = useQuery({
    queryKey: CURRENT_USER_QUERY_KEY,
    queryFn: ({ signal }) => getCurrentUser(signal),
  });
  const user = query.data ?? null;
  return { user, isLoading: query.isLoading, isAuthenticated: user !== null };
}
