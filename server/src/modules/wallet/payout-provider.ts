import { createHash } from 'node:crypto';
import type { AppContext } from '../../context';
import { isStripeConfigured } from '../payments/payment-providers';
import { StripeSdkTransferApi, type StripeTransferApi } from './stripe-transfer-api';

/** The provider's answer to one withdrawal. */
export interface PayoutResult {
  /** The provider's id for the transfer; null when it refused before making one. */
  providerRef: string | null;
  status: 'paid' | 'failed';
  failureMessage: string | null;
}

/**
 * Where withdrawals go (docs/rules/money.md#a-payout). Called with no transaction open, under
 * `moneyCallKey('payout', id)`, so a retry (the request's own after a timeout, or the
 * `wallet.retry-payouts` job) pays once. A throw means "no answer": the payout stays requested.
 */
export interface PayoutProvider {
  readonly name: 'sandbox' | 'stripe';
  /** Stripe Connect pays a member's connected account: a member without one cannot withdraw. */
  readonly needsAccount: boolean;
  payout(input: { payoutId: number; amountCents: number; destination: string | null }, idempotencyKey: string): Promise<PayoutResult>;
}

/** The built-in sandbox: every withdrawal is paid, no money moves; the id is named by the key. */
export class SandboxPayoutProvider implements PayoutProvider {
  readonly name = 'sandbox' as const;
  readonly needsAccount = false;

  async payout(_input: { amountCents: number }, idempotencyKey: string): Promise<PayoutResult> {
    return {
      providerRef: `po_sandbox_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}`,
      status: 'paid',
      failureMessage: null,
    };
  }
}

/**
 * Stripe Connect: a transfer from the platform's balance to the member's connected account (Stripe
 * then pays it out to their bank on the account's own schedule). A transfer Stripe refuses (the
 * account cannot receive transfers, the platform balance is short) fails the payout, and the
 * amount goes back to the member's balance.
 */
export class StripeConnectPayoutProvider implements PayoutProvider {
  readonly name = 'stripe' as const;
  readonly needsAccount = true;
  constructor(private readonly api: StripeTransferApi) {}

  async payout(input: { payoutId: number; amountCents: number; destination: string | null }, idempotencyKey: string): Promise<PayoutResult> {
    if (!input.destination) return { providerRef: null, status: 'failed', failureMessage: 'No Stripe account to pay this withdrawal to' };
    const answer = await this.api.createTransfer(
      { amountCents: input.amountCents, destination: input.destination, payoutId: input.payoutId },
      { idempotencyKey },
    );
    return answer.ok
      ? { providerRef: answer.transferId, status: 'paid', failureMessage: null }
      : { providerRef: null, status: 'failed', failureMessage: answer.message };
  }
}

const replaced = new WeakMap<object, PayoutProvider>();
const stripeProviders = new WeakMap<object, PayoutProvider>();

/** Tests plug in a provider that hangs, fails or is Stripe against a fake. */
export function replacePayoutProvider(ctx: AppContext, provider: PayoutProvider): void {
  replaced.set(ctx.env, provider);
}

/** Stripe Connect when Stripe is configured, otherwise the sandbox. */
export function payoutProviderFor(ctx: AppContext): PayoutProvider {
  const provider = replaced.get(ctx.env);
  if (provider) return provider;
  if (!isStripeConfigured(ctx.env)) return new SandboxPayoutProvider();
  let stripe = stripeProviders.get(ctx.env);
  if (!stripe) {
    stripe = new StripeConnectPayoutProvider(new StripeSdkTransferApi(ctx.env.STRIPE_SECRET_KEY!));
    stripeProviders.set(ctx.env, stripe);
  }
  return stripe;
}
