import { useInfiniteQuery } from '@tanstack/react-query';
import { CARD_HOLDS_PAGE_SIZE, type CardHoldsPage } from '@soleswap/contracts/wallet';
import { getJson } from '../../../lib/api-client';
import { walletKeys } from '../../../lib/query-keys';

/** One page of the holds put on the member's card (`GET /api/wallet/card-holds`), newest first. */
export function getCardHolds(cursor: string | null, signal?: AbortSignal): Promise<CardHoldsPage> {
  const params = new URLSearchParams({ limit: String(CARD_HOLDS_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return getJson<CardHoldsPage>(`/api/wallet/card-holds?${params}`, { signal });
}

/** The wallet page's card holds; `fetchNextPage` loads the next ones ("Load more"). */
export function useCardHolds() {
  return useInfiniteQuery({
    queryKey: walletKeys.cardHolds,
    queryFn: ({ pageParam, signal }) => getCardHolds(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
