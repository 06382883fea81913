import type Stripe from 'stripe';
import type { MembershipInterval } from '@soleswap/contracts/payments';
import { loadStripeSdk } from './load-stripe-sdk';

/**
 * The few Stripe calls the provider makes, behind an interface so everything around them (status
 * mapping, webhooks, our records) is tested offline with a fake. These calls themselves need
 * Stripe's servers and are kept as thin as possible.
 */
export interface StripeApi {
  createCustomer(input: { memberId: string; email: string | null }, options: WriteOptions): Promise<string>;
  /** A subscription whose first invoice's PaymentIntent the card form confirms. */
  createSubscription(
    input: {
      customerId: string;
      memberId: string;
      priceCents: number;
      interval: MembershipInterval;
    },
    options: WriteOptions,
  ): Promise<{ subscriptionId: string; paymentIntentId: string; clientSecret: string }>;
  retrievePaymentIntent(id: string): Promise<Stripe.PaymentIntent>;
  refundPaymentIntent(id: string, options: WriteOptions): Promise<void>;
  cancelPaymentIntent(id: string, options: WriteOptions): Promise<void>;
}

/**
 * Every write carries an idempotency key that a retry of the same intent repeats (ours after a lost
 * answer or a crash, or the SDK's own network retries), so Stripe does it once and answers the
 * retry with the first result.
 */
export interface WriteOptions {
  idempotencyKey: string;
}

/**
 * How long one call to Stripe may take, and how often the SDK retries it (with the same
 * idempotency key). Stripe's default is 80 s without retries; no request should wait that long.
 */
export const STRIPE_TIMEOUT_MS = 10_000;
export const STRIPE_MAX_NETWORK_RETRIES = 2;

/** Where the SDK connects and its limits; tests point it at a stand-in server on this machine. */
export type StripeSdkConfig = Pick<Stripe.StripeConfig, 'timeout' | 'maxNetworkRetries' | 'host' | 'port' | 'protocol'>;

/** The SDK's configuration with our short timeout and retries unless `config` says otherwise. */
export const stripeSdkConfig = (config: StripeSdkConfig = {}): StripeSdkConfig => ({
  timeout: STRIPE_TIMEOUT_MS,
  maxNetworkRetries: STRIPE_MAX_NETWORK_RETRIES,
  ...config,
});

/** An SDK client (the SDK itself is imported on the first one). */
export async function createStripeClient(secretKey: string, config: StripeSdkConfig = {}): Promise<Stripe> {
  const StripeSdk = await loadStripeSdk();
  return new StripeSdk(secretKey, stripeSdkConfig(config));
}

const pointedAt = new WeakMap<object, StripeSdkConfig>();

/**
 * Points every Stripe client made for this configuration (memberships and trade cash) at another
 * server: tests use a stand-in Stripe on this machine (server/test/fake-stripe.ts). Call it before
 * the first Stripe call of the configuration.
 */
export function pointStripeAt(env: object, config: StripeSdkConfig): void {
  pointedAt.set(env, config);
}

/** Where this configuration's Stripe clients connect: Stripe itself unless a test pointed them elsewhere. */
export const stripeSdkConfigFor = (env: object): StripeSdkConfig => pointedAt.get(env) ?? {};

/** Our one product at Stripe, created on first use under a fixed id so restarts reuse it. */
const PRODUCT_ID = 'soleswap_membership';

/** "pi_123_secret_abc" → "pi_123": a client secret names its PaymentIntent. */
export const paymentIntentIdOf = (clientSecret: string): string => clientSecret.split('_secret_')[0] ?? clientSecret;

export class StripeSdkApi implements StripeApi {
  readonly #secretKey: string;
  /** What the SDK client is created with: a short timeout and retries, unless a test says otherwise. */
  readonly config: StripeSdkConfig;
  #client: Promise<Stripe> | undefined;

  constructor(secretKey: string, config: StripeSdkConfig = {}) {
    this.#secretKey = secretKey;
    this.config = stripeSdkConfig(config);
  }

  /** The SDK client, created on the first call (the SDK itself is imported then too). */
  #stripe(): Promise<Stripe> {
    return (this.#client ??= createStripeClient(this.#secretKey, this.config));
  }

  async createCustomer(input: { memberId: string; email: string | null }, options: WriteOptions): Promise<string> {
    const stripe = await this.#stripe();
    const customer = await stripe.customers.create(
      {
        ...(input.email ? { email: input.email } : {}),
        metadata: { memberId: input.memberId },
      },
      { idempotencyKey: options.idempotencyKey },
    );
    return customer.id;
  }

  async createSubscription(input: { customerId: string; memberId: string; priceCents: number; interval: MembershipInterval }, options: WriteOptions) {
    await this.#ensureProduct();
    const stripe = await this.#stripe();
    const subscription = await stripe.subscriptions.create(
      {
        customer: input.customerId,
        items: [{ price_data: { currency: 'usd', product: PRODUCT_ID, unit_amount: input.priceCents, recurring: { interval: input.interval } } }],
        payment_behavior: 'default_incomplete',
        payment_settings: { save_default_payment_method: 'on_subscription' },
        // Premium is granted one paid period at a time (the member pays again for the next one),
        // so Stripe must never charge a renewal on its own.
        cancel_at_period_end: true,
        metadata: { memberId: input.memberId },
        expand: ['latest_invoice.confirmation_secret'],
      },
      { idempotencyKey: options.idempotencyKey },
    );
    const invoice = subscription.latest_invoice;
    const clientSecret = typeof invoice === 'object' && invoice ? invoice.confirmation_secret?.client_secret : undefined;
    if (!clientSecret) throw new Error(`Stripe subscription ${subscription.id} came back without a payment to confirm`);
    return { subscriptionId: subscription.id, paymentIntentId: paymentIntentIdOf(clientSecret), clientSecret };
  }

  async retrievePaymentIntent(id: string) {
    return (await this.#stripe()).paymentIntents.retrieve(id, { expand: ['latest_charge'] });
  }

  async refundPaymentIntent(id: string, options: WriteOptions) {
    await (await this.#stripe()).refunds.create({ payment_intent: id }, { idempotencyKey: options.idempotencyKey });
  }

  async cancelPaymentIntent(id: string, options: WriteOptions) {
    await (await this.#stripe()).paymentIntents.cancel(id, {}, { idempotencyKey: options.idempotencyKey });
  }

  async #ensureProduct() {
    const stripe = await this.#stripe();
    try {
      await stripe.products.retrieve(PRODUCT_ID);
    } catch (error) {
      const StripeSdk = await loadStripeSdk();
      if (!(error instanceof StripeSdk.errors.StripeInvalidRequestError) || error.statusCode !== 404) throw error;
      // Under a fixed id: a second create (two first payments at once) is refused, not doubled.
      await stripe.products.create({ id: PRODUCT_ID, name: 'SoleSwap Community membership' }, { idempotencyKey: `soleswap-product-${PRODUCT_ID}` });
    }
  }
}
