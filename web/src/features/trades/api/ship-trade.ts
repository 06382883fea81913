import { useQuery } from '@tanstack/react-query';
import type { TradeShipTo } from '@soleswap/contracts/addresses';
import type { ShipTrade, Trade } from '@soleswap/contracts/trades';
import { getJson } from '../../../lib/api-client';
import { addressKeys } from '../../../lib/query-keys';
import { useTradeAction, type TradeActionCallbacks } from '../hooks/use-trade-action';
import { postTradeAction } from './post-trade-action';

/** POST /api/trades/:id/ship: the caller marks their own side shipped, with an optional tracking number. */
export function markTradeShipped(tradeId: number, input: ShipTrade, idempotencyKey: string): Promise<Trade> {
  return postTradeAction(tradeId, 'ship', input, idempotencyKey);
}

/** Mutation for `markTradeShipped`; call `mutate({ tradeId, input })`. */
export function useMarkTradeShipped(callbacks?: TradeActionCallbacks) {
  return useTradeAction(({ tradeId, input }: { tradeId: number; input: ShipTrade }, key: string) => markTradeShipped(tradeId, input, key), callbacks);
}

/**
 * Whether the other side has chosen where my parcel goes (`GET /api/trades/:id/ship-to`, the same
 * query the card's shipping addresses read, so it is fetched once): shipping waits for it.
 */
export function useShipToState(tradeId: number) {
  return useQuery({
    queryKey: addressKeys.shipTo(tradeId),
    queryFn: ({ signal }) => getJson<TradeShipTo>(`/api/trades/${tradeId}/ship-to`, { signal }),
  });
}
