import type { Trade } from '@soleswap/contracts/trades';
import { useTradeAction, type TradeActionCallbacks } from '../hooks/use-trade-action';
import { postTradeAction } from './post-trade-action';

/** POST /api/trades/:id/reject: the receiver declines a pending trade. */
export function rejectTrade(tradeId: number, idempotencyKey: string): Promise<Trade> {
  return postTradeAction(tradeId, 'reject', undefined, idempotencyKey);
}

/** Mutation for `rejectTrade`; call `mutate({ tradeId })`. */
export function useRejectTrade(callbacks?: TradeActionCallbacks) {
  return useTradeAction(({ tradeId }: { tradeId: number }, key: string) => rejectTrade(tradeId, key), callbacks);
}
