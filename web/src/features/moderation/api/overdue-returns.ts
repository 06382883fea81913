import { useQuery } from '@tanstack/react-query';
import type { TradeReturn } from '@soleswap/contracts/trades';
import { getJson } from '../../../lib/api-client';
import { moderationKeys } from '../../../lib/query-keys';

/** Pairs not shipped back by their return-by after a refund ruling, longest overdue first (`GET /api/admin/trade-returns/overdue`, admins only). */
export function useOverdueReturns() {
  return useQuery({
    queryKey: moderationKeys.overdueReturns,
    queryFn: ({ signal }) => getJson<TradeReturn[]>('/api/admin/trade-returns/overdue', { signal }),
  });
}
