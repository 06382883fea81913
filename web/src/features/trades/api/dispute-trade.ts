import type { DisputeTrade, Trade } from '@soleswap/contracts/trades';
import { useTradeAction, type TradeActionCallbacks } from '../hooks/use-trade-action';
import { postTradeAction } from './post-trade-action';

/** POST /api/trades/:id/dispute: either side of an accepted trade asks an admin to step in. */
export function disputeTrade(tradeId: number, input: DisputeTrade, idempotencyKey: string): Promise<Trade> {
  return postTradeAction(tradeId, 'dispute', input, idempotencyKey);
}

/** Mutation for `disputeTrade`; call `mutate({ tradeId, input })`. */
export function useDisputeTrade(callbacks?: TradeActionCallbacks) {
  return useTradeAction(({ tradeId, input }: { tradeId: number; input: DisputeTrade }, key: string) => disputeTrade(tradeId, input, key), callbacks);
}
