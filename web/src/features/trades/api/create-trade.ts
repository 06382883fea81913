import type { CreateTrade, Trade } from '@soleswap/contracts/trades';
import { apiRequest } from '../../../lib/api-client';
import { IDEMPOTENCY_HEADER } from '../../../lib/idempotency-key';
import { useTradeAction, type TradeActionCallbacks } from '../hooks/use-trade-action';

/** POST /api/trades: a new proposal; the server checks ownership, availability and locks. */
export function createTrade(input: CreateTrade, idempotencyKey: string): Promise<Trade> {
  return apiRequest<Trade>('POST', '/api/trades', input, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}

/** Mutation for `createTrade`; call `mutate(input)`. Refreshes trades and sneaker lists afterwards. */
export function useCreateTrade(callbacks?: TradeActionCallbacks) {
  return useTradeAction((input: CreateTrade, key: string) => createTrade(input, key), callbacks);
}
