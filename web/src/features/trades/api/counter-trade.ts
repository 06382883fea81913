import type { CounterTrade, Trade } from '@soleswap/contracts/trades';
import { useTradeAction, type TradeActionCallbacks } from '../hooks/use-trade-action';
import { postTradeAction } from './post-trade-action';

/** POST /api/trades/:id/counter: the receiver answers with a new proposal in the other direction (sides seen from the counter-proposer); answers the new trade. */
export function counterTrade(tradeId: number, input: CounterTrade, idempotencyKey: string): Promise<Trade> {
  return postTradeAction(tradeId, 'counter', input, idempotencyKey);
}

/** Mutation for `counterTrade`; call `mutate({ tradeId, input })`. */
export function useCounterTrade(callbacks?: TradeActionCallbacks) {
  return useTradeAction(({ tradeId, input }: { tradeId: number; input: CounterTrade }, key: string) => counterTrade(tradeId, input, key), callbacks);
}
