import { makeCardPaymentSchema } from '@soleswap/contracts/payments';
import type { CashCard } from '@soleswap/contracts/wallet';
import { AppError } from '../../errors';

/** How long one provider call may take before the step is abandoned (and retried under the same key). */
export const CASH_CALL_TIMEOUT_MS = 10_000;

export interface CashAuthorizationResult {
  /** The provider's id for the hold (a PaymentIntent id); null when a declined card left none. */
  providerRef: string | null;
  status: 'authorized' | 'declined';
  failureMessage: string | null;
}

/**
 * The calls the money machine makes (docs/rules/money.md). Each write carries the idempotency key
 * `moneyCallKey` gives, and is never made with a database transaction open.
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

/** A provider call that gives up after CASH_CALL_TIMEOUT_MS: a slow provider never stalls the request. */
export async function withinTimeout<T>(call: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('The payment provider did not answer in time')), CASH_CALL_TIMEOUT_MS);
  });
  try {
    return await Promise.race([call, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** A provider failure answered as 502: nothing was charged by us, and the step may be retried. */
export function providerUnavailable(cause: unknown): AppError {
  return new AppError('PAYMENT_PROVIDER_UNAVAILABLE', 'The payment provider could not be reached. Nothing was charged; please try again.', {
    cause,
  });
}
