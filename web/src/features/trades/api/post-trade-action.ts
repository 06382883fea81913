import type { Trade, TradeAction } from '@soleswap/contracts/trades';
import { apiRequest } from '../../../lib/api-client';
import { IDEMPOTENCY_HEADER } from '../../../lib/idempotency-key';

/**
 * POST /api/trades/:id/<action> with an Idempotency-Key, answering the trade as
 * it now stands for the caller (a counter-offer answers the new trade).
 */
export function postTradeAction(tradeId: number, action: TradeAction, body: unknown, idempotencyKey: string): Promise<Trade> {
  return apiRequest<Trade>('POST', `/api/trades/${tradeId}/${action}`, body, {
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
}
