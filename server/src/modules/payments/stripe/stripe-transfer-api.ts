import type Stripe from 'stripe';
import { loadStripeSdk } from './load-stripe-sdk';
import { STRIPE_MAX_NETWORK_RETRIES, STRIPE_TIMEOUT_MS, type StripeSdkConfig } from './stripe-api';

/** Stripe's answer to a transfer: made, or refused for good (the message says why). */
export type TransferAnswer = { ok: true; transferId: string } | { ok: false; message: string };

/** How much earlier than our record of a payout its transfer may be dated by Stripe's clock. */
const CLOCK_SLACK_S = 60 * 60;

/** The Stripe calls a withdrawal makes, behind an interface so the payout flow is tested offline. */
export interface StripeTransferApi {
  /**
   * A Stripe Connect transfer of `amountCents` from the platform's balance to the member's connected
   * account. Throws when Stripe could not be reached or answered a server error (retry under the
   * same key); answers `ok: false` when Stripe refused the transfer itself (no retry will change it).
   */
  createTransfer(input: { amountCents: number; destination: string; payoutId: number }, options: { idempotencyKey: string }): Promise<TransferAnswer>;
  /**
   * The id of the transfer made for payout `payoutId` (its `metadata.payoutId`, under our key in
   * `metadata.idempotencyKey` when it has one) to `destination` since `createdSince`, or null when
   * Stripe has none. Throws when Stripe could not be asked. Unlike the idempotency key, which Stripe
   * forgets after 24 hours, the transfer's metadata is kept.
   */
  findTransfer(input: { destination: string; payoutId: number; createdSince: Date }, options: { idempotencyKey: string }): Promise<string | null>;
}

/**
 * A refusal no retry changes: a 4xx other than a conflict (an idempotent request in flight), a rate
 * limit, or a key Stripe saw with other parameters (it says nothing of whether the transfer was made).
 */
function isFinalRefusal(error: unknown): error is Stripe.errors.StripeError {
  const { statusCode: status, type } = error as { statusCode?: number; type?: string };
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 409 && status !== 429 && type !== 'StripeIdempotencyError';
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
        {
          amount: input.amountCents,
          currency: 'usd',
          destination: input.destination,
          metadata: { payoutId: String(input.payoutId), idempotencyKey: options.idempotencyKey },
        },
        { idempotencyKey: options.idempotencyKey },
      );
      return { ok: true as const, transferId: transfer.id };
    } catch (error) {
      if (isFinalRefusal(error)) return { ok: false as const, message: error.message };
      throw error;
    }
  }

  async findTransfer(input: { destination: string; payoutId: number; createdSince: Date }, options: { idempotencyKey: string }) {
    const stripe = await this.#stripe();
    const since = Math.floor(input.createdSince.getTime() / 1000) - CLOCK_SLACK_S;
    // A member's connected account receives few transfers: the list since the payout is short.
    for await (const transfer of stripe.transfers.list({ destination: input.destination, created: { gte: since }, limit: 100 })) {
      const { payoutId, idempotencyKey } = transfer.metadata ?? {};
      if (payoutId === String(input.payoutId) && (idempotencyKey === undefined || idempotencyKey === options.idempotencyKey)) return transfer.id;
    }
    return null;
  }
}
