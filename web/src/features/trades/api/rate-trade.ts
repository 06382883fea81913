import type { RateTrade, Trade } from '@soleswap/contracts/trades';
import { useTradeAction, type TradeActionCallbacks } from '../hooks/use-trade-action';
import { postTradeAction } from './post-trade-action';

/** POST /api/trades/:id/rate: each side rates the other once, 1 to 5, after completion. */
export function rateTrade(tradeId: number, input: RateTrade, idempotencyKey: string): Promise<Trade> {
  return postTradeAction(tradeId, 'rate', input, idempotencyKey);
}

/** Mutation for `rateTrade`; call `mutate({ tradeId, input })`. */
export function useRateTrade(callbacks?: TradeActionCallbacks) {
  return useTradeAction(({ tradeId, input }: { tradeId: number; input: RateTrade }, key: string) => rateTrade(tradeId, input, key), callbacks);
}
