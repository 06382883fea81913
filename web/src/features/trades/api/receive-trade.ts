import type { Trade } from '@soleswap/contracts/trades';
import { useTradeAction, type TradeActionCallbacks } from '../hooks/use-trade-action';
import { postTradeAction } from './post-trade-action';

/** POST /api/trades/:id/receive: the caller confirms the other side's sneakers arrived; the second confirmation completes the trade. */
export function markTradeReceived(tradeId: number, idempotencyKey: string): Promise<Trade> {
  return postTradeAction(tradeId, 'receive', undefined, idempotencyKey);
}

/** Mutation for `markTradeReceived`; call `mutate({ tradeId })`. */
export function useMarkTradeReceived(callbacks?: TradeActionCallbacks) {
  return useTradeAction(({ tradeId }: { tradeId: number }, key: string) => markTradeReceived(tradeId, key), callbacks);
}
