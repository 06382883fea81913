import type { Trade } from '@soleswap/contracts/trades';
import { useTradeAction, type TradeActionCallbacks } from '../hooks/use-trade-action';
import { postTradeAction } from './post-trade-action';

/** POST /api/trades/:id/accept: the receiver accepts a pending trade and every sneaker is locked in escrow. */
export function acceptTrade(tradeId: number, idempotencyKey: string): Promise<Trade> {
  return postTradeAction(tradeId, 'accept', undefined, idempotencyKey);
}

/** Mutation for `acceptTrade`; call `mutate({ tradeId })`. */
export function useAcceptTrade(callbacks?: TradeActionCallbacks) {
  return useTradeAction(({ tradeId }: { tradeId: number }, key: string) => acceptTrade(tradeId, key), callbacks);
}
