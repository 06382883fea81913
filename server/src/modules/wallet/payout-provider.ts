import { createHash } from 'node:crypto';
import type { AppContext } from '../../context';
import { isStripeConfigured } from '../payments/payment-providers';
import { stripeSdkConfigFor } from '../payments/stripe/stripe-api';
import { StripeSdkTransferApi, type StripeTransferApi } from './stripe-transfer-api';

/** The provider's answer to one withdrawal. */
export interface PayoutResult {
  /** The provider's id for the transfer; null when it refused before making one. */
  providerRef: string | null;
  status: 'paid' | 'failed';
  failureMessage: string | null;
}

/** The payout a transfer is looked up for: the provider finds it by our key, its account and its time. */
export interface PayoutLookup {
  payoutId: number;
  destination: string | null;
  /** When the payout was made: no transfer for it is older. */
  createdAt: Date;
}

/**
 * Where withdrawals go (docs/rules/money.md#a-payout). Called with no transaction open, under
 * `moneyCallKey('payout', id)`. A throw means "no answer": the payout stays requested.
 *
 * A payout whose call may already have been made (a retry after a timeout, after the process died,
 * the `wallet.retry-payouts` job) is first looked up with `findTransfer`, and paid only when the
 * provider has no transfer for it: the provider's own idempotency lasts a day at most (Stripe's
 * keys expire after 24 hours), the lookup does not expire.
 */
export interface PayoutProvider {
  readonly name: 'sandbox' | 'stripe';
  /** Stripe Connect pays a member's connected account: a member without one cannot withdraw. */
  readonly needsAccount: boolean;
  payout(input: { payoutId: number; amountCents: number; destination: string | null }, idempotencyKey: string): Promise<PayoutResult>;
  /**
   * The transfer made for this payout under `idempotencyKey`, or null when the provider made none.
   * Throws when the provider could not be asked (nothing is known: the payout stays requested).
   */
  findTransfer(payout: PayoutLookup, idempotencyKey: string): Promise<{ providerRef: string } | null>;
}

/**
 * The sandbox's transfers, by key, for every instance in this process (it is one pretend provider).
 * Kept in memory: a restarted process forgets them, and a retry then "pays" again under the same
 * key, to the same id, which moves no money either.
 */
const sandboxTransfers = new Map<string, string>();

/** The built-in sandbox: every withdrawal is paid, no money moves; the id is named by the key, once per key. */
export class SandboxPayoutProvider implements PayoutProvider {
  readonly name = 'sandbox' as const;
  readonly needsAccount = false;

  async payout(_input: { amountCents: number }, idempotencyKey: string): Promise<PayoutResult> {
    let providerRef = sandboxTransfers.get(idempotencyKey);
    if (!providerRef) {
      providerRef = `po_sandbox_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}`;
      sandboxTransfers.set(idempotencyKey, providerRef);
    }
    return { providerRef, status: 'paid', failureMessage: null };
  }

  async findTransfer(_payout: PayoutLookup, idempotencyKey: string): Promise<{ providerRef: string } | null> {
    const providerRef = sandboxTransfers.get(idempotencyKey);
    return providerRef ? { providerRef } : null;
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

  async findTransfer(payout: PayoutLookup, idempotencyKey: string): Promise<{ providerRef: string } | null> {
    if (!payout.destination) return null;
    const transferId = await this.api.findTransfer(
      { destination: payout.destination, payoutId: payout.payoutId, createdSince: payout.createdAt },
      { idempotencyKey },
    );
    return transferId ? { providerRef: transferId } : null;
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
    stripe = new StripeConnectPayoutProvider(new StripeSdkTransferApi(ctx.env.STRIPE_SECRET_KEY!, stripeSdkConfigFor(ctx.env)));
    stripeProviders.set(ctx.env, stripe);
  }
  return stripe;
}
