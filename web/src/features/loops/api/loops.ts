import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { NEXT_CURSOR_HEADER } from '@soleswap/contracts/list-values';
import type { Loop, LoopAction } from '@soleswap/contracts/loops';
import { apiRequest, getJsonWithHeaders } from '../../../lib/api-client';
import { loopKeys } from '../../../lib/query-keys';

/** A page of the member's loops and the cursor of the next one (null on the last page). */
export interface LoopPage {
  loops: Loop[];
  nextCursor: string | null;
}

/** One page of the member's loops, newest first (`GET /api/loops`; the server's page size). */
export async function getLoopsPage(cursor: string | null, signal?: AbortSignal): Promise<LoopPage> {
  const query = cursor ? `?${new URLSearchParams({ cursor })}` : '';
  const { data, headers } = await getJsonWithHeaders<Loop[]>(`/api/loops${query}`, { signal });
  return { loops: data, nextCursor: headers.get(NEXT_CURSOR_HEADER) || null };
}

/** The member's loops, a page at a time ("Load more" asks for the next), refreshed while the tab is visible. */
export function useLoops() {
  return useInfiniteQuery({
    queryKey: loopKeys.all,
    queryFn: ({ pageParam, signal }) => getLoopsPage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: 15_000,
    refetchIntervalInBackground: false,
  });
}

export interface LoopActionInput {
  loopId: number;
  action: LoopAction;
  body?: { trackingNumber?: string; reason?: string; shipToAddressId?: number };
}

/**
 * POST /api/loops/:id/<action> with an Idempotency-Key, so a request the network repeats is
 * answered once. (Mutations are not retried automatically; each click is a new action.)
 */
export function useLoopAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ loopId, action, body }: LoopActionInput) =>
      apiRequest<Loop>('POST', `/api/loops/${loopId}/${action}`, body ?? {}, {
        headers: { 'Idempotency-Key': crypto.randomUUID() },
      }),
    onSettled: () => client.invalidateQueries({ queryKey: loopKeys.all }),
  });
}
