import type { GiveTradeCard } from '@soleswap/contracts/trades';
import type { Trade } from '@soleswap/contracts/trades';
import { apiRequest } from '../../../lib/api-client';
import { IDEMPOTENCY_HEADER } from '../../../lib/idempotency-key';
import { useTradeAction, type TradeActionCallbacks } from '../hooks/use-trade-action';

/** POST /api/trades/:id/card: the proposer of a pending trade gives another card (issue #42). */
export function giveTradeCard(tradeId: number, input: GiveTradeCard, idempotencyKey: string): Promise<Trade> {
  return apiRequest<Trade>('POST', `/api/trades/${tradeId}/card`, input, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}

/** Mutation for `giveTradeCard`; call `mutate({ tradeId, input })`. */
export function useGiveTradeCard(callbacks?: TradeActionCallbacks) {
  return useTradeAction(
    ({ tradeId, input }: { tradeId: number; input: GiveTradeCard }, key: string) => giveTradeCard(tradeId, input, key),
    callbacks,
  );
}
