import type Stripe from 'stripe';
import type { MembershipInterval } from '@soleswap/contracts/payments';
import { loadStripeSdk } from './load-stripe-sdk';

/**
 * The few Stripe calls the provider makes, behind an interface so everything around them (status
 * mapping, webhooks, our records) is tested offline with a fake. These calls themselves need
 * Stripe's servers and are kept as thin as possible.
 */
export interface StripeApi {
  createCustomer(input: { memberId: string; email: string | null }): Promise<string>;
  /** A subscription whose first invoice's PaymentIntent the card form confirms. */
  createSubscription(input: {
    customerId: string;
    memberId: string;
    priceCents: number;
    interval: MembershipInterval;
  }): Promise<{ subscriptionId: string; paymentIntentId: string; clientSecret: string }>;
  retrievePaymentIntent(id: string): Promise<Stripe.PaymentIntent>;
  refundPaymentIntent(id: string): Promise<void>;
  cancelPaymentIntent(id: string): Promise<void>;
}

/** Our one product at Stripe, created on first use under a fixed id so restarts reuse it. */
const PRODUCT_ID = 'soleswap_membership';

/** "pi_123_secret_abc" → "pi_123": a client secret names its PaymentIntent. */
export const paymentIntentIdOf = (clientSecret: string): string => clientSecret.split('_secret_')[0] ?? clientSecret;

export class StripeSdkApi implements StripeApi {
  readonly #secretKey: string;
  #client: Promise<Stripe> | undefined;

  constructor(secretKey: string) {
    this.#secretKey = secretKey;
  }

  /** The SDK client, created on the first call (the SDK itself is imported then too). */
  #stripe(): Promise<Stripe> {
    return (this.#client ??= loadStripeSdk().then((StripeSdk) => new StripeSdk(this.#secretKey)));
  }

  async createCustomer(input: { memberId: string; email: string | null }): Promise<string> {
    const stripe = await this.#stripe();
    const customer = await stripe.customers.create({
      ...(input.email ? { email: input.email } : {}),
      metadata: { memberId: input.memberId },
    });
    return customer.id;
  }

  async createSubscription(input: { customerId: string; memberId: string; priceCents: number; interval: MembershipInterval }) {
    await this.#ensureProduct();
    const stripe = await this.#stripe();
    const subscription = await stripe.subscriptions.create({
      customer: input.customerId,
      items: [{ price_data: { currency: 'usd', product: PRODUCT_ID, unit_amount: input.priceCents, recurring: { interval: input.interval } } }],
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      // Premium is granted one paid period at a time (the member pays again for the next one),
      // so Stripe must never charge a renewal on its own.
      cancel_at_period_end: true,
      metadata: { memberId: input.memberId },
      expand: ['latest_invoice.confirmation_secret'],
    });
    const invoice = subscription.latest_invoice;
    const clientSecret = typeof invoice === 'object' && invoice ? invoice.confirmation_secret?.client_secret : undefined;
    if (!clientSecret) throw new Error(`Stripe subscription ${subscription.id} came back without a payment to confirm`);
    return { subscriptionId: subscription.id, paymentIntentId: paymentIntentIdOf(clientSecret), clientSecret };
  }

  async retrievePaymentIntent(id: string) {
    return (await this.#stripe()).paymentIntents.retrieve(id, { expand: ['latest_charge'] });
  }

  async refundPaymentIntent(id: string) {
    await (await this.#stripe()).refunds.create({ payment_intent: id });
  }

  async cancelPaymentIntent(id: string) {
    await (await this.#stripe()).paymentIntents.cancel(id);
  }

  async #ensureProduct() {
    const stripe = await this.#stripe();
    try {
      await stripe.products.retrieve(PRODUCT_ID);
    } catch (error) {
      const StripeSdk = await loadStripeSdk();
      if (!(error instanceof StripeSdk.errors.StripeInvalidRequestError) || error.statusCode !== 404) throw error;
      await stripe.products.create({ id: PRODUCT_ID, name: 'SoleSwap Community membership' });
    }
  }
}
