import type { MembershipInterval, PaymentEvent, PaymentStatus } from '@soleswap/contracts/payments';
import type { CashCard } from '@soleswap/contracts/wallet';

/**
 * The one money provider port (docs/rules/payments.md#one-money-provider-port): membership payments,
 * card holds (trade cash and protection holds) and payouts, each implemented once by the built-in
 * sandbox (the default, test mode only, the only owner of the test cards) and once by Stripe, the
 * one chosen by configuration in payment-providers.ts. Services talk to this interface only, so
 * premium is switched on the same way whichever provider took the money: after the server itself
 * has seen the payment succeed.
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

/** The provider's answer to a card hold's authorization. */
export interface CashAuthorizationResult {
  /** The provider's id for the hold (a PaymentIntent id); null when a declined card left none. */
  providerRef: string | null;
  status: 'authorized' | 'declined';
  failureMessage: string | null;
}

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
 * Calls may cross a network: services make them in a step of the one provider-step runner
 * (provider-step.ts: never inside a database transaction, a failure wrapped by providerFailure, see
 * docs/rules/payments.md), and every write carries an idempotency key made by `providerKey`.
 */
export interface MoneyProvider {
  readonly name: 'sandbox' | 'stripe';
  /** No real money moves: the page must say so. */
  readonly isTestMode: boolean;
  /** The test cards the card form may hint at, with what each does: the sandbox's own, none with Stripe (whose card form is Stripe's). */
  readonly testCardHints: ReadonlyArray<{ number: string; outcome: string }>;

  // Membership payments.
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

  // Card holds: trade cash and protection holds (docs/rules/money.md), under `moneyCallKey`.
  /** Checks the card and turns it into a payment method the provider can authorize later; never keeps the number. */
  paymentMethodFor(card: CashCard): string;
  authorize(input: { amountCents: number; paymentMethod: string }, idempotencyKey: string): Promise<CashAuthorizationResult>;
  capture(providerRef: string, idempotencyKey: string): Promise<void>;
  release(providerRef: string, idempotencyKey: string): Promise<void>;

  // Payouts (docs/rules/money.md#a-payout). A throw means "no answer": the payout stays requested.
  /** Stripe Connect pays a member's connected account: a member without one cannot withdraw. */
  readonly needsAccount: boolean;
  payout(input: { payoutId: number; amountCents: number; destination: string | null }, idempotencyKey: string): Promise<PayoutResult>;
  /**
   * The transfer made for this payout under `idempotencyKey`, or null when the provider made none.
   * Throws when the provider could not be asked (nothing is known: the payout stays requested). A
   * payout whose call may already have been made (a retry after a timeout, after the process died,
   * the `wallet.retry-payouts` job) is first looked up here, and paid only when the provider has no
   * transfer for it: the provider's own idempotency lasts a day at most (Stripe's keys expire after
   * 24 hours), the lookup does not expire.
   */
  findTransfer(payout: PayoutLookup, idempotencyKey: string): Promise<{ providerRef: string } | null>;
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
