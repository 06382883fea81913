import type Stripe from 'stripe';
import type { MembershipInterval, PaymentStatus } from '@soleswap/contracts/payments';
import type { CashCard } from '@soleswap/contracts/wallet';
import { PaymentProviderError } from '../money-provider';
import type {
  CashAuthorizationResult,
  CreatedPayment,
  MoneyProvider,
  PaymentMember,
  PayoutLookup,
  PayoutResult,
  ProviderPayment,
  ProviderWebhookEvent,
  ProviderWrite,
} from '../money-provider';
import { loadStripeSdk } from './load-stripe-sdk';
import { createStripeClient, StripeSdkApi, type StripeApi, type StripeSdkConfig } from './stripe-api';
import { StripeCardHolds } from './stripe-card-holds';
import { StripeSdkTransferApi, type StripeTransferApi } from './stripe-transfer-api';

/** The Stripe connections of one configuration; tests replace one with a fake. */
export interface StripeConnections {
  /** Memberships: customers, subscriptions and their PaymentIntents. */
  api: StripeApi;
  /** The SDK client card holds use (PaymentIntents with manual capture). */
  stripe: () => Promise<Stripe>;
  /** Withdrawals: Connect transfers. */
  transfers: StripeTransferApi;
}

export interface StripeProviderOptions extends StripeConnections {
  /** Verifies webhook signatures; without it every webhook is refused. */
  webhookSecret: string | null;
  /** Test keys (sk_test_...) move no real money, and the page says so; test cards become Stripe's test payment methods. */
  isTestMode: boolean;
  /** The clock a card's expiry is checked against. */
  now: () => Date;
}

/** The SDK connections for one secret key, each made on its first call (the SDK is imported then too). */
export function stripeConnections(secretKey: string, config: StripeSdkConfig = {}): StripeConnections {
  let client: Promise<Stripe> | undefined;
  return {
    api: new StripeSdkApi(secretKey, config),
    stripe: () => (client ??= createStripeClient(secretKey, config)),
    transfers: new StripeSdkTransferApi(secretKey, config),
  };
}

/** Stripe's PaymentIntent status in our vocabulary (one to one, plus refunds and declines). */
export function statusOfIntent(intent: Stripe.PaymentIntent): PaymentStatus {
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  switch (intent.status) {
    case 'succeeded':
      return charge?.refunded ? 'refunded' : 'succeeded';
    case 'requires_action':
      return 'requires_action';
    case 'processing':
    case 'requires_capture':
      return 'processing';
    case 'canceled':
      return 'canceled';
    default:
      // requires_payment_method after an attempt means that attempt was declined.
      return intent.last_payment_error ? 'failed' : 'requires_payment_method';
  }
}

function toProviderPayment(intent: Stripe.PaymentIntent): ProviderPayment {
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  const card = charge?.payment_method_details?.card;
  return {
    paymentIntentId: intent.id,
    status: statusOfIntent(intent),
    amountCents: intent.amount,
    currency: 'usd',
    memberId: intent.metadata?.memberId ?? '',
    failureMessage: intent.last_payment_error?.message ?? null,
    cardBrand: card?.brand ?? null,
    cardLast4: card?.last4 ?? null,
  };
}

const idOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === 'string' ? value : (value?.id ?? null));

/** Stripe's webhook events that concern membership payments, reduced for the payment machine. */
export function webhookEventOf(event: Stripe.Event): ProviderWebhookEvent | null {
  const base = { eventId: event.id, failureMessage: null };
  switch (event.type) {
    case 'payment_intent.succeeded':
      return { ...base, paymentIntentId: event.data.object.id, event: 'succeed' };
    case 'payment_intent.payment_failed':
      return {
        ...base,
        paymentIntentId: event.data.object.id,
        event: 'decline',
        failureMessage: event.data.object.last_payment_error?.message ?? null,
      };
    case 'payment_intent.requires_action':
      return { ...base, paymentIntentId: event.data.object.id, event: 'require_action' };
    case 'payment_intent.canceled':
      return { ...base, paymentIntentId: event.data.object.id, event: 'cancel' };
    case 'charge.refunded': {
      const paymentIntentId = idOf(event.data.object.payment_intent);
      return paymentIntentId && event.data.object.refunded ? { ...base, paymentIntentId, event: 'refund' } : null;
    }
    default:
      return null;
  }
}

/**
 * Stripe behind the money provider port. Memberships: a customer and a subscription per member, the
 * first invoice's PaymentIntent confirmed by Stripe's card element in the browser (the card never
 * reaches our server), and signed webhooks; network calls go through StripeApi. Card holds: a
 * PaymentIntent with manual capture (stripe-card-holds.ts). Payouts: a Stripe Connect transfer to
 * the member's connected account (stripe-transfer-api.ts).
 */
export class StripeMoneyProvider implements MoneyProvider {
  readonly name = 'stripe' as const;
  readonly isTestMode: boolean;
  readonly needsAccount = true;
  readonly testCardHints = [];
  readonly #api: StripeApi;
  readonly #webhookSecret: string | null;
  readonly #holds: StripeCardHolds;
  readonly #transfers: StripeTransferApi;

  constructor(options: StripeProviderOptions) {
    this.#api = options.api;
    this.#webhookSecret = options.webhookSecret;
    this.isTestMode = options.isTestMode;
    this.#holds = new StripeCardHolds({ stripe: options.stripe, isTestMode: options.isTestMode, now: options.now });
    this.#transfers = options.transfers;
  }

  async createMembershipPayment(
    input: { member: PaymentMember; priceCents: number; interval: MembershipInterval },
    write: ProviderWrite,
  ): Promise<CreatedPayment> {
    const customerId =
      input.member.customerId ??
      (await this.#api.createCustomer(
        { memberId: input.member.id, email: input.member.email },
        { idempotencyKey: `${write.idempotencyKey}-customer` },
      ));
    const created = await this.#api.createSubscription(
      { customerId, memberId: input.member.id, priceCents: input.priceCents, interval: input.interval },
      { idempotencyKey: `${write.idempotencyKey}-subscription` },
    );
    return { ...created, customerId };
  }

  async retrieve(paymentIntentId: string): Promise<ProviderPayment> {
    return toProviderPayment(await this.#api.retrievePaymentIntent(paymentIntentId));
  }

  async refund(paymentIntentId: string, write: ProviderWrite): Promise<ProviderPayment> {
    await this.#api.refundPaymentIntent(paymentIntentId, write);
    return this.retrieve(paymentIntentId);
  }

  async cancel(paymentIntentId: string, write: ProviderWrite): Promise<ProviderPayment> {
    await this.#api.cancelPaymentIntent(paymentIntentId, write);
    return this.retrieve(paymentIntentId);
  }

  /** Verifies the signature over the exact bytes Stripe sent, then reads the event. */
  async parseWebhook(rawBody: string | Buffer, signatureHeader: string | undefined): Promise<ProviderWebhookEvent | null> {
    if (!this.#webhookSecret) throw new PaymentProviderError('WEBHOOK_INVALID', 'Webhooks are not configured (STRIPE_WEBHOOK_SECRET)');
    if (!signatureHeader) throw new PaymentProviderError('WEBHOOK_INVALID', 'The Stripe-Signature header is missing');
    const StripeSdk = await loadStripeSdk();
    let event: Stripe.Event;
    try {
      event = StripeSdk.webhooks.constructEvent(rawBody, signatureHeader, this.#webhookSecret);
    } catch {
      throw new PaymentProviderError('WEBHOOK_INVALID', 'The webhook signature does not match');
    }
    return webhookEventOf(event);
  }

  paymentMethodFor(card: CashCard): string {
    return this.#holds.paymentMethodFor(card);
  }

  authorize(input: { amountCents: number; paymentMethod: string }, idempotencyKey: string): Promise<CashAuthorizationResult> {
    return this.#holds.authorize(input, idempotencyKey);
  }

  capture(providerRef: string, idempotencyKey: string): Promise<void> {
    return this.#holds.capture(providerRef, idempotencyKey);
  }

  release(providerRef: string, idempotencyKey: string): Promise<void> {
    return this.#holds.release(providerRef, idempotencyKey);
  }

  /**
   * Stripe Connect: a transfer from the platform's balance to the member's connected account (Stripe
   * then pays it out to their bank on the account's own schedule). A transfer Stripe refuses (the
   * account cannot receive transfers, the platform balance is short) fails the payout, and the
   * amount goes back to the member's balance.
   */
  async payout(input: { payoutId: number; amountCents: number; destination: string | null }, idempotencyKey: string): Promise<PayoutResult> {
    if (!input.destination) return { providerRef: null, status: 'failed', failureMessage: 'No Stripe account to pay this withdrawal to' };
    const answer = await this.#transfers.createTransfer(
      { amountCents: input.amountCents, destination: input.destination, payoutId: input.payoutId },
      { idempotencyKey },
    );
    return answer.ok
      ? { providerRef: answer.transferId, status: 'paid', failureMessage: null }
      : { providerRef: null, status: 'failed', failureMessage: answer.message };
  }

  async findTransfer(payout: PayoutLookup, idempotencyKey: string): Promise<{ providerRef: string } | null> {
    if (!payout.destination) return null;
    const transferId = await this.#transfers.findTransfer(
      { destination: payout.destination, payoutId: payout.payoutId, createdSince: payout.createdAt },
      { idempotencyKey },
    );
    return transferId ? { providerRef: transferId } : null;
  }
}
