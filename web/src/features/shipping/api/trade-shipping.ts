import { useQuery } from '@tanstack/react-query';
import type { TradeShipping } from '@soleswap/contracts/shipping';
import { getJson } from '../../../lib/api-client';
import { shippingKeys } from '../../../lib/query-keys';

/** `GET /api/trades/:id/shipping`: both legs of a trade, their labels and the carrier's timelines (under the trade's key). */
export function useTradeShipping(tradeId: number) {
  return useQuery({
    queryKey: shippingKeys.trade(tradeId),
    queryFn: ({ signal }) => getJson<TradeShipping>(`/api/trades/${tradeId}/shipping`, { signal }),
  });
}
