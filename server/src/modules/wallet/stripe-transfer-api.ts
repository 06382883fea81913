import type Stripe from 'stripe';
import { loadStripeSdk } from '../payments/stripe/load-stripe-sdk';
import { STRIPE_MAX_NETWORK_RETRIES, STRIPE_TIMEOUT_MS, type StripeSdkConfig } from '../payments/stripe/stripe-api';

/** Stripe's answer to a transfer: made, or refused for good (the message says why). */
export type TransferAnswer = { ok: true; transferId: string } | { ok: false; message: string };

/** The one Stripe call a withdrawal makes, behind an interface so the payout flow is tested offline. */
export interface StripeTransferApi {
  /**
   * A Stripe Connect transfer of `amountCents` from the platform's balance to the member's connected
   * account. Throws when Stripe could not be reached or answered a server error (retry under the
   * same key); answers `ok: false` when Stripe refused the transfer itself (no retry will change it).
   */
  createTransfer(input: { amountCents: number; destination: string; payoutId: number }, options: { idempotencyKey: string }): Promise<TransferAnswer>;
}

/** A refusal no retry changes: a 4xx other than a conflict (an idempotent request in flight) or a rate limit. */
function isFinalRefusal(error: unknown): error is Stripe.errors.StripeError {
  const status = (error as { statusCode?: number }).statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 409 && status !== 429;
}

export class StripeSdkTransferApi implements StripeTransferApi {
  readonly #secretKey: string;
  readonly config: StripeSdkConfig;
  #client: Promise<Stripe> | undefined;

  constructor(secretKey: string, config: StripeSdkConfig = {}) {
    this.#secretKey = secretKey;
    this.config = { timeout: STRIPE_TIMEOUT_MS, maxNetworkRetries: STRIPE_MAX_NETWORK_RETRIES, ...config };
  }

  #stripe(): Promise<Stripe> {
    return (this.#client ??= loadStripeSdk().then((StripeSdk) => new StripeSdk(this.#secretKey, this.config)));
  }

  async createTransfer(input: { amountCents: number; destination: string; payoutId: number }, options: { idempotencyKey: string }) {
    const stripe = await this.#stripe();
    try {
      const transfer = await stripe.transfers.create(
        { amount: input.amountCents, currency: 'usd', destination: input.destination, metadata: { payoutId: String(input.payoutId) } },
        { idempotencyKey: options.idempotencyKey },
      );
      return { ok: true as const, transferId: transfer.id };
    } catch (error) {
      if (isFinalRefusal(error)) return { ok: false as const, message: error.message };
      throw error;
    }
  }
}
