import { createHash } from 'node:crypto';
import { makeCardPaymentSchema } from '@soleswap/contracts/payments';
import type { CashCard } from '@soleswap/contracts/wallet';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { isStripeConfigured } from '../payments/payment-providers';
import { DECLINED_MESSAGE, outcomeForCard } from '../payments/sandbox/test-cards';

/** How long one provider call may take before the step is abandoned (and retried under the same key). */
export const CASH_CALL_TIMEOUT_MS = 10_000;

export interface CashAuthorizationResult {
  /** The provider's id for the hold (a PaymentIntent id). */
  providerRef: string;
  status: 'authorized' | 'declined';
  failureMessage: string | null;
}

/**
 * The calls the money machine makes (docs/rules/money.md). Each write carries the idempotency key
 * `moneyCallKey` gives, and is never made with a database transaction open.
 */
export interface CashProvider {
  readonly name: 'sandbox';
  /** Checks the card and turns it into a payment method the provider can authorize later; never keeps the number. */
  paymentMethodFor(card: CashCard): string;
  authorize(input: { amountCents: number; paymentMethod: string }, idempotencyKey: string): Promise<CashAuthorizationResult>;
  capture(providerRef: string, idempotencyKey: string): Promise<void>;
  release(providerRef: string, idempotencyKey: string): Promise<void>;
}

/**
 * The built-in sandbox: test cards only, no money moves. A payment method is a token naming the test
 * card's outcome and last four digits; a hold's id is named by its idempotency key, so a repeated
 * authorization answers the same hold.
 */
export class SandboxCashProvider implements CashProvider {
  readonly name = 'sandbox' as const;
  constructor(private readonly now: () => Date) {}

  paymentMethodFor(card: CashCard): string {
    const parsed = makeCardPaymentSchema(this.now).safeParse({ ...card, paymentIntentId: 'cash' });
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[`cashCard.${issue.path.join('.')}`] ??= issue.message;
      throw new AppError('VALIDATION_FAILED', 'Check the card details', { fields });
    }
    const outcome = outcomeForCard(parsed.data.cardNumber);
    return `pm_sandbox_${outcome.kind === 'succeed' ? 'ok' : 'no'}_${parsed.data.cardNumber.slice(-4)}`;
  }

  async authorize(input: { amountCents: number; paymentMethod: string }, idempotencyKey: string): Promise<CashAuthorizationResult> {
    const providerRef = `pi_sandbox_cash_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}`;
    const ok = input.paymentMethod.startsWith('pm_sandbox_ok_');
    return { providerRef, status: ok ? 'authorized' : 'declined', failureMessage: ok ? null : DECLINED_MESSAGE };
  }

  async capture(): Promise<void> {}

  async release(): Promise<void> {}
}

const replaced = new WeakMap<object, CashProvider>();

/** Tests plug in a provider that hangs or fails. */
export function replaceCashProvider(ctx: AppContext, provider: CashProvider): void {
  replaced.set(ctx.env, provider);
}

/**
 * The sandbox. With Stripe configured, cash in trades is refused (400) rather than pretending: the
 * Stripe manual-capture calls are not built yet.
 */
export function cashProviderFor(ctx: AppContext): CashProvider {
  const provider = replaced.get(ctx.env);
  if (provider) return provider;
  if (isStripeConfigured(ctx.env)) {
    throw new AppError('VALIDATION_FAILED', 'Cash in trades is available with the sandbox payment provider only on this server', {
      fields: { proposerCashCents: 'Cash cannot be added here' },
    });
  }
  return new SandboxCashProvider(ctx.now);
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
