import type { ShipTrade, Trade } from '@soleswap/contracts/trades';
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
