import type { ResolveTrade, Trade } from '@soleswap/contracts/trades';
import { useTradeAction, type TradeActionCallbacks } from '../hooks/use-trade-action';
import { postTradeAction } from './post-trade-action';

/** POST /api/trades/:id/resolve (admins): closes a dispute as completed or cancelled (escrow refunded). */
export function resolveDispute(tradeId: number, input: ResolveTrade, idempotencyKey: string): Promise<Trade> {
  return postTradeAction(tradeId, 'resolve', input, idempotencyKey);
}

/** Mutation for `resolveDispute`; call `mutate({ tradeId, input })`. */
export function useResolveDispute(callbacks?: TradeActionCallbacks) {
  return useTradeAction(
    ({ tradeId, input }: { tradeId: number; input: ResolveTrade }, key: string) => resolveDispute(tradeId, input, key),
    callbacks,
  );
}
