import { useQuery } from '@tanstack/react-query';
import type { User } from '@soleswap/contracts/users';
import { getJson } from '../../../lib/api-client';

export const userQueryKey = (userId: string) => ['/api/users', userId] as const;

/** One user's public profile; throws an ApiError with code NOT_FOUND if absent. */
export function getUser(userId: string, signal?: AbortSignal): Promise<User> {
  return getJson<User>(`/api/users/${encodeURIComponent(userId)}`, { signal });
}

/** Loads a user's profile; idle while `userId` is undefined. */
export function useUser(userId: string | undefined) {
  return useQuery({
    queryKey: userQueryKey(userId ?? ''),
    queryFn: ({ signal }) => getUser(userId as string, signal),
    enabled: Boolean(userId),
  });
}
