import type { Payout } from '@soleswap/contracts/wallet';
import { apiRequest } from '../../../lib/api-client';
import { IDEMPOTENCY_HEADER } from '../../../lib/idempotency-key';

/** POST /api/wallet/withdrawals: withdraw `amountCents` from the balance, once per Idempotency-Key. */
export function requestWithdrawal(amountCents: number, idempotencyKey: string): Promise<Payout> {
  return apiRequest<Payout>('POST', '/api/wallet/withdrawals', { amountCents }, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}
