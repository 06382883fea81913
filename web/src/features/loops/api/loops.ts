import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { NEXT_CURSOR_HEADER } from '@soleswap/contracts/list-values';
import type { Loop, LoopAction } from '@soleswap/contracts/loops';
import type { CashCard } from '@soleswap/contracts/wallet';
import { apiRequest, getJsonWithHeaders } from '../../../lib/api-client';
import { IDEMPOTENCY_HEADER } from '../../../lib/idempotency-key';
import { loopKeys } from '../../../lib/query-keys';
import { useIdempotentMutation } from '../../../lib/use-idempotent-mutation';

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
  body?: { trackingNumber?: string; reason?: string; shipToAddressId?: number; cashCard?: CashCard };
}

/**
 * POST /api/loops/:id/<action> with an Idempotency-Key: a new key per click, the same key when the
 * member repeats a click the server never answered, so a repeated request is answered once.
 */
export function useLoopAction() {
  const client = useQueryClient();
  return useIdempotentMutation({
    request: ({ loopId, action, body }: LoopActionInput, key) =>
      apiRequest<Loop>('POST', `/api/loops/${loopId}/${action}`, body ?? {}, { headers: { [IDEMPOTENCY_HEADER]: key } }),
    onSettled: () => void client.invalidateQueries({ queryKey: loopKeys.all }),
  });
}
