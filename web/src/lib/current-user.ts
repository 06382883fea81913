import { useDeferredValue, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { User } from '@soleswap/contracts/users';
import { getJson } from './api-client';
import { CURRENT_USER_PATH } from './auth-paths';
import { currentUserKey } from './query-keys';

/** The signed-in user, or null when the server answers 401 (signed out). */
export function getCurrentUser(signal?: AbortSignal): Promise<User | null> {
  return getJson<User>(CURRENT_USER_PATH, { on401: 'returnNull', signal });
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
 * Every feature reads this one cache entry, so the browser asks once.
 */
export function useCurrentUser(): CurrentUserState {
  const query = useQuery({
    queryKey: currentUserKey,
    queryFn: ({ signal }) => getCurrentUser(signal),
  });
  const user = query.data ?? null;
  return { user, isLoading: query.isLoading, isAuthenticated: user !== null };
}

/**
 * `useCurrentUser` for the app's frame (the bar and the route table), whose change swaps the whole
 * page: when the session check answers, the new page renders at a lower priority, in slices that
 * let the browser in, instead of in the task that read the answer
 * (docs/performance/web-first-render.md). Pages read `useCurrentUser` itself.
 */
export function useCurrentUserForFrame(): CurrentUserState {
  const current = useCurrentUser();
  const user = useDeferredValue(current.user);
  const isLoading = useDeferredValue(current.isLoading);
  return useMemo(() => ({ user, isLoading, isAuthenticated: user !== null }), [user, isLoading]);
}
