import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { NEXT_CURSOR_HEADER } from '@soleswap/contracts/list-values';
import type { Sneaker, SneakerSort } from '@soleswap/contracts/sneakers';
import { getJsonWithHeaders } from '../../../lib/api-client';
import { sneakerKeys } from '../../../lib/query-keys';

/** Browse's filters, as the page holds them. Blank strings mean "no filter". */
export interface SneakerFilters {
  q: string;
  /** A brand, or 'all'. */
  brand: string;
  size: string;
  /** Minimum condition, e.g. "9". */
  condition: string;
  /** Empty: the server's default (relevance when searching, else newest). */
  sort: SneakerSort | '';
}

export interface SneakerPage {
  sneakers: Sneaker[];
  /** Cursor of the next page; null on the last page. */
  nextCursor: string | null;
}

/** Browse asks for 24 at a time and offers "Load more" while a next cursor exists. */
export const BROWSE_PAGE_SIZE = 24;

/** Visitors read the public list; members the full one (see docs/rules/sneakers.md#lists-search-and-pages). */
export type SneakerScope = 'member' | 'public';

/** `?q=…&brand=…` with blank filters left out. `brand=all` is sent as is (see docs/web-client.md#talking-to-the-api). */
export function toSneakerSearchParams(filters: SneakerFilters, cursor?: string | null): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set('q', filters.q.trim());
  params.set('brand', filters.brand || 'all');
  if (filters.size) params.set('size', filters.size);
  if (filters.condition) params.set('condition', filters.condition);
  if (filters.sort) params.set('sort', filters.sort);
  params.set('limit', String(BROWSE_PAGE_SIZE));
  if (cursor) params.set('cursor', cursor);
  return params;
}

/** One page of `GET /api/sneakers` (members) or `/api/sneakers/public` (visitors). */
export async function findSneakers(scope: SneakerScope, filters: SneakerFilters, cursor: string | null, signal?: AbortSignal): Promise<SneakerPage> {
  const path = scope === 'member' ? '/api/sneakers' : '/api/sneakers/public';
  const { data, headers } = await getJsonWithHeaders<Sneaker[]>(`${path}?${toSneakerSearchParams(filters, cursor)}`, {
    signal,
  });
  return { sneakers: data, nextCursor: headers.get(NEXT_CURSOR_HEADER) || null };
}

/**
 * Browse's paged search; `enabled` waits until we know whether the viewer is signed in.
 * While a new search loads, the previous results stay on screen instead of skeletons.
 */
export function useSneakerSearch(scope: SneakerScope, filters: SneakerFilters, { enabled = true } = {}) {
  return useInfiniteQuery({
    queryKey: sneakerKeys.search(scope, filters),
    queryFn: ({ pageParam, signal }) => findSneakers(scope, filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
    enabled,
  });
}
