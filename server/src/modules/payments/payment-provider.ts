import type { MembershipInterval, PaymentEvent, PaymentStatus } from '@soleswap/contracts/payments';

/**
 * One interface over the card payment providers: the built-in sandbox (the default, test mode
 * only) and Stripe. Services talk to this interface only, so premium is switched on the same way
 * whichever provider took the money: after the server itself has seen the payment succeed.
 */

export interface PaymentMember {
  id: string;
  email: string | null;
  /** The provider's customer id we keep for this member, when there is one. */
  customerId?: string | null;
}

export interface CreatedPayment {
  /** Handed to the browser to confirm the card; never logged. */
  clientSecret: string;
  paymentIntentId: string;
  /** The customer the provider filed the payment under (kept on the member for the next one). */
  customerId?: string;
  /** Stripe's subscription for the member. */
  subscriptionId?: string;
}

/** A payment as the provider knows it. */
export interface ProviderPayment {
  paymentIntentId: string;
  status: PaymentStatus;
  amountCents: number;
  currency: 'usd';
  memberId: string;
  /** The decline message to show the member, when the last attempt failed. */
  failureMessage: string | null;
  cardBrand: string | null;
  cardLast4: string | null;
}

/**
 * A webhook, verified and reduced to what the payment machine needs. `eventId` is the
 * provider's id for the delivery, so a redelivered webhook can be recognised.
 */
export interface ProviderWebhookEvent {
  eventId: string;
  paymentIntentId: string;
  event: Extract<PaymentEvent, 'require_action' | 'succeed' | 'decline' | 'cancel' | 'refund'>;
  failureMessage: string | null;
}

/** What a member is told when a provider declines their card without words of its own. */
export const CARD_DECLINED_MESSAGE = 'Your card was declined.';

/**
 * Names one intent (this member's n-th payment, the refund of this payment): a call repeated with
 * the same key, after a lost answer, a timeout or a crash, is done once by the provider.
 */
export interface ProviderWrite {
  idempotencyKey: string;
}

/**
 * Calls may cross a network: services never make them inside a database transaction (see
 * docs/rules/payments.md), and every write carries an idempotency key.
 */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  /** No real money moves: the page must say so. */
  readonly isTestMode: boolean;
  createMembershipPayment(
    input: { member: PaymentMember; priceCents: number; interval: MembershipInterval },
    write: ProviderWrite,
  ): Promise<CreatedPayment>;
  /** The provider's current view of the payment: how the server confirms a success itself. */
  retrieve(paymentIntentId: string): Promise<ProviderPayment>;
  /** Gives the money back for a succeeded payment; a payment already refunded is answered as it is. */
  refund(paymentIntentId: string, write: ProviderWrite): Promise<ProviderPayment>;
  /** Abandons an open payment so it can never be charged later. */
  cancel(paymentIntentId: string, write: ProviderWrite): Promise<ProviderPayment>;
  /**
   * Checks the signature and reads the event. Throws PaymentProviderError('WEBHOOK_INVALID') on
   * a bad signature; returns null for an event type that does not concern membership payments.
   */
  parseWebhook(rawBody: string | Buffer, signatureHeader: string | undefined): Promise<ProviderWebhookEvent | null>;
}

export type PaymentProviderErrorCode =
  /** No payment with this id at the provider. */
  | 'PAYMENT_NOT_FOUND'
  /** The payment is not in a state that allows the call (refund of an unpaid payment...). */
  | 'PAYMENT_INVALID_TRANSITION'
  /** The card entry failed validation; `fields` says which field and why. */
  | 'CARD_INVALID'
  /** The webhook's signature does not match, or this provider takes no webhooks. */
  | 'WEBHOOK_INVALID';

/** What a provider throws; the service turns it into an AppError (404, 409, 400). */
export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';
  constructor(
    readonly code: PaymentProviderErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}
