import { useInfiniteQuery } from '@tanstack/react-query';
import type { FollowEntry } from '@soleswap/contracts/follows';
import type { Page } from '@soleswap/contracts/users';
import { getJson } from '../../../lib/api-client';

export type FollowSide = 'followers' | 'following';

/** Every follow list shares this prefix, so a follow or unfollow refreshes them all. */
export const FOLLOW_LISTS_KEY = ['follow-lists'] as const;
export const followsQueryKey = (userId: string, side: FollowSide) => [...FOLLOW_LISTS_KEY, userId, side] as const;

export const FOLLOWS_PAGE_SIZE = 20;

/** One page of a member's followers or of whom they follow (`GET /api/users/:id/{side}`). */
export function getFollows(userId: string, side: FollowSide, cursor: string | null, signal?: AbortSignal): Promise<Page<FollowEntry>> {
  const params = new URLSearchParams({ limit: String(FOLLOWS_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return getJson<Page<FollowEntry>>(`/api/users/${encodeURIComponent(userId)}/${side}?${params}`, { signal });
}

/** A follow list, a page at a time ("Show more"). */
export function useFollows(userId: string, side: FollowSide, { enabled = true } = {}) {
  return useInfiniteQuery({
    queryKey: followsQueryKey(userId, side),
    queryFn: ({ pageParam, signal }) => getFollows(userId, side, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  });
}
