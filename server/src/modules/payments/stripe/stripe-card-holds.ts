import type Stripe from 'stripe';
import type { CashCard } from '@soleswap/contracts/wallet';
import { AppError } from '../../../errors';
import { checkCashCard } from '../cash-card';
import { CARD_DECLINED_MESSAGE, type CashAuthorizationResult } from '../money-provider';
import { loadStripeSdk } from './load-stripe-sdk';
import { testPaymentMethodForCard } from './test-payment-methods';

export interface StripeCardHoldsOptions {
  /** The SDK client, made with the short timeout and retries of stripe-api.ts. */
  stripe: () => Promise<Stripe>;
  /** Test keys (sk_test_...): the card form's test cards become Stripe's test payment methods. */
  isTestMode: boolean;
  now: () => Date;
}

/** Stripe's answer when a call does not fit the PaymentIntent's state (captured twice, cancelled after capture...). */
const UNEXPECTED_STATE = 'payment_intent_unexpected_state';

/**
 * The card-hold part of StripeMoneyProvider (stripe-money-provider.ts), which answers the port with
 * these calls. Cash in a trade and protection holds held by Stripe (docs/rules/money.md): a PaymentIntent with manual capture,
 * created and confirmed at acceptance (the amount is held on the card, not charged), captured when
 * the trade completes, cancelled (the hold released) when it ends any other way. Every write carries
 * the money machine's idempotency key, so a retry after a lost answer, a crash or a second instance
 * is done once by Stripe. A card decline is `declined`; anything else that fails (the network,
 * Stripe's 5xx, a timeout) is thrown, which the caller answers as 502 and retries under the same key.
 */
export class StripeCardHolds {
  readonly #options: StripeCardHoldsOptions;

  constructor(options: StripeCardHoldsOptions) {
    this.#options = options;
  }

  /**
   * With test keys a test card becomes Stripe's own test payment method (`pm_card_visa`...): the
   * number never reaches Stripe and is never kept. With live keys this server takes no card number
   * at all (that is for Stripe's card element in the browser): refused with 400.
   */
  paymentMethodFor(card: CashCard): string {
    const { cardNumber } = checkCashCard(this.#options.now, card);
    if (!this.#options.isTestMode) {
      throw new AppError('VALIDATION_FAILED', 'This server takes live cards through Stripe only, not as card numbers', {
        fields: { cashCard: 'Card numbers are not accepted with live Stripe keys' },
      });
    }
    return testPaymentMethodForCard(cardNumber);
  }

  async authorize(input: { amountCents: number; paymentMethod: string }, idempotencyKey: string): Promise<CashAuthorizationResult> {
    const stripe = await this.#options.stripe();
    try {
      const intent = await stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: 'usd',
          payment_method: input.paymentMethod,
          allowed_payment_method_types: ['card'],
          capture_method: 'manual',
          confirm: true,
          // No one is there to confirm a 3-D Secure step at acceptance: such a card is declined.
          error_on_requires_action: true,
          metadata: { soleswapCall: idempotencyKey },
        },
        { idempotencyKey },
      );
      if (intent.status === 'requires_capture') return { providerRef: intent.id, status: 'authorized', failureMessage: null };
      // Anything else holds nothing on the card.
      return { providerRef: intent.id, status: 'declined', failureMessage: intent.last_payment_error?.message ?? CARD_DECLINED_MESSAGE };
    } catch (error) {
      const StripeSdk = await loadStripeSdk();
      if (error instanceof StripeSdk.errors.StripeCardError) {
        return { providerRef: error.payment_intent?.id ?? null, status: 'declined', failureMessage: error.message || CARD_DECLINED_MESSAGE };
      }
      throw error;
    }
  }

  async capture(providerRef: string, idempotencyKey: string): Promise<void> {
    const stripe = await this.#options.stripe();
    await this.#once(providerRef, 'succeeded', () => stripe.paymentIntents.capture(providerRef, {}, { idempotencyKey }));
  }

  async release(providerRef: string, idempotencyKey: string): Promise<void> {
    const stripe = await this.#options.stripe();
    await this.#once(providerRef, 'canceled', () => stripe.paymentIntents.cancel(providerRef, {}, { idempotencyKey }));
  }

  /**
   * A capture or cancel Stripe refuses because the intent is already where the call would take it
   * (done before under a key Stripe no longer remembers, after 24 hours) has nothing left to do.
   */
  async #once(providerRef: string, done: Stripe.PaymentIntent.Status, call: () => Promise<unknown>): Promise<void> {
    try {
      await call();
    } catch (error) {
      const StripeSdk = await loadStripeSdk();
      if (!(error instanceof StripeSdk.errors.StripeInvalidRequestError) || error.code !== UNEXPECTED_STATE) throw error;
      const intent = await (await this.#options.stripe()).paymentIntents.retrieve(providerRef);
      if (intent.status !== done) throw error;
    }
  }
}
