import type { Payout } from '@soleswap/contracts/wallet';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/wallet/withdrawals: withdraw `amountCents` from the balance, once per Idempotency-Key. */
export function requestWithdrawal(amountCents: number, idempotencyKey: string): Promise<Payout> {
  return apiRequest<Payout>('POST', '/api/wallet/withdrawals', { amountCents }, { headers: { 'Idempotency-Key': idempotencyKey } });
}
