import { useQuery } from '@tanstack/react-query';
import { NEXT_CURSOR_HEADER } from '@soleswap/contracts/list-values';
import { SNEAKER_PAGE_MAX } from '@soleswap/contracts/sneaker-values';
import type { Sneaker } from '@soleswap/contracts/sneakers';
import { getJsonWithHeaders } from '../../../lib/api-client';
import { sneakerKeys } from '../../../lib/query-keys';

/** A runaway cursor must not loop forever; 50 pages of 100 is far beyond any locker. */
const MAX_PAGES = 50;

/**
 * Every sneaker of one member (`GET /api/sneakers/user/:userId`), following the
 * cursor to the end: the locker counts verified and unverified pairs and filters
 * by brand over the whole collection, not one page of it.
 */
export async function findUserSneakers(userId: string, signal?: AbortSignal): Promise<Sneaker[]> {
  const all: Sneaker[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const params = new URLSearchParams({ limit: String(SNEAKER_PAGE_MAX) });
    if (cursor) params.set('cursor', cursor);
    const { data, headers } = await getJsonWithHeaders<Sneaker[]>(`/api/sneakers/user/${encodeURIComponent(userId)}?${params}`, { signal });
    all.push(...data);
    cursor = headers.get(NEXT_CURSOR_HEADER) || null;
    if (!cursor) break;
  }
  return all;
}

/** One member's sneakers (locker, profile); idle while `userId` is undefined. */
export function useUserSneakers(userId: string | undefined) {
  return useQuery({
    queryKey: sneakerKeys.user(userId ?? ''),
    queryFn: ({ signal }) => findUserSneakers(userId as string, signal),
    enabled: Boolean(userId),
  });
}
