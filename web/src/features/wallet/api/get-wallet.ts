import { useInfiniteQuery } from '@tanstack/react-query';
import { WALLET_PAGE_SIZE, type WalletPage } from '@soleswap/contracts/wallet';
import { getJson } from '../../../lib/api-client';
import { walletKeys } from '../../../lib/query-keys';

/** One page of the member's wallet (`GET /api/wallet`): the balance and entries, newest first. */
export function getWallet(cursor: string | null, signal?: AbortSignal): Promise<WalletPage> {
  const params = new URLSearchParams({ limit: String(WALLET_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return getJson<WalletPage>(`/api/wallet?${params}`, { signal });
}

/** The wallet page's data; `fetchNextPage` loads the next entries ("Load more"). */
export function useWallet() {
  return useInfiniteQuery({
    queryKey: walletKeys.all,
    queryFn: ({ pageParam, signal }) => getWallet(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
