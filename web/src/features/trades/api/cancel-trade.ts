import type { Trade } from '@soleswap/contracts/trades';
import { useTradeAction, type TradeActionCallbacks } from '../hooks/use-trade-action';
import { postTradeAction } from './post-trade-action';

/** POST /api/trades/:id/cancel: the proposer withdraws a pending trade, or a side asks to cancel an accepted one (cancelled once both ask). */
export function cancelTrade(tradeId: number, idempotencyKey: string): Promise<Trade> {
  return postTradeAction(tradeId, 'cancel', undefined, idempotencyKey);
}

/** Mutation for `cancelTrade`; call `mutate({ tradeId })`. */
export function useCancelTrade(callbacks?: TradeActionCallbacks) {
  return useTradeAction(({ tradeId }: { tradeId: number }, key: string) => cancelTrade(tradeId, key), callbacks);
}
