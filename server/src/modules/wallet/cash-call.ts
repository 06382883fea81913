import { makeCardPaymentSchema } from '@soleswap/contracts/payments';
import type { CashCard } from '@soleswap/contracts/wallet';
import { AppError } from '../../errors';

/** How long one provider call may take before its step is abandoned (and retried under the same key): the runner's `timeoutMs` (payments/provider-step.ts). */
export const CASH_CALL_TIMEOUT_MS = 10_000;

export interface CashAuthorizationResult {
  /** The provider's id for the hold (a PaymentIntent id); null when a declined card left none. */
  providerRef: string | null;
  status: 'authorized' | 'declined';
  failureMessage: string | null;
}

/**
 * The calls the money machine makes (docs/rules/money.md). Each is made in a step of the one
 * provider-step runner (payments/provider-step.ts: never with a database transaction open, its
 * failure wrapped by providerFailure), and each write carries the idempotency key `moneyCallKey` gives.
 */
export interface CashProvider {
  readonly name: 'sandbox' | 'stripe';
  /** Checks the card and turns it into a payment method the provider can authorize later; never keeps the number. */
  paymentMethodFor(card: CashCard): string;
  authorize(input: { amountCents: number; paymentMethod: string }, idempotencyKey: string): Promise<CashAuthorizationResult>;
  capture(providerRef: string, idempotencyKey: string): Promise<void>;
  release(providerRef: string, idempotencyKey: string): Promise<void>;
}

/** The card as the card form's schema reads it (Luhn, expiry, CVC), or 400 naming each `cashCard.*` field. */
export function checkCashCard(now: () => Date, card: CashCard): { cardNumber: string } {
  const parsed = makeCardPaymentSchema(now).safeParse({ ...card, paymentIntentId: 'cash' });
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[`cashCard.${issue.path.join('.')}`] ??= issue.message;
    throw new AppError('VALIDATION_FAILED', 'Check the card details', { fields });
  }
  return { cardNumber: parsed.data.cardNumber };
}
