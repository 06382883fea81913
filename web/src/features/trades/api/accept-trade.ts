import type { AcceptTrade, Trade } from '@soleswap/contracts/trades';
import { useTradeAction, type TradeActionCallbacks } from '../hooks/use-trade-action';
import { postTradeAction } from './post-trade-action';

/**
 * POST /api/trades/:id/accept: the receiver accepts a pending trade and every sneaker is locked in
 * escrow. A trade holding a pair flagged for review needs `acknowledgeFlagged: true`.
 */
export function acceptTrade(tradeId: number, input: AcceptTrade | undefined, idempotencyKey: string): Promise<Trade> {
  return postTradeAction(tradeId, 'accept', input, idempotencyKey);
}

/** Mutation for `acceptTrade`; call `mutate({ tradeId, input? })`. */
export function useAcceptTrade(callbacks?: TradeActionCallbacks) {
  return useTradeAction(({ tradeId, input }: { tradeId: number; input?: AcceptTrade }, key: string) => acceptTrade(tradeId, input, key), callbacks);
}
