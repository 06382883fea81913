import { createHash, randomBytes } from 'node:crypto';
import { cardBrandOf, makeCardPaymentSchema } from '@soleswap/contracts/payments';
import type { MembershipInterval, PaymentEvent, PaymentStatus } from '@soleswap/contracts/payments';
import type { CashCard } from '@soleswap/contracts/wallet';
import { checkCashCard } from '../cash-card';
import { PaymentProviderError } from '../money-provider';
import type {
  CashAuthorizationResult,
  CreatedPayment,
  MoneyProvider,
  PaymentMember,
  PayoutLookup,
  PayoutResult,
  ProviderPayment,
  ProviderWrite,
} from '../money-provider';
import { decide } from '../payment.machine';
import type { PaymentSource } from '../payment.machine';
import type { SandboxPayment, SandboxPaymentChanges, SandboxPaymentStore } from './sandbox-payment-store';
import { AUTHENTICATION_FAILED_MESSAGE, DECLINED_MESSAGE, HINTED_TEST_CARDS, outcomeForCard } from './test-cards';
import type { CardOutcome } from './test-cards';

export interface SandboxProviderOptions {
  store: SandboxPaymentStore;
  now?: () => Date;
  /** Random part of ids and client secrets; tests pass a counter. */
  randomToken?: () => string;
}

type Step = [PaymentEvent, PaymentSource];

/**
 * The sandbox's transfers, by key, for every instance in this process (it is one pretend provider).
 * Kept in memory: a restarted process forgets them, and a retry then "pays" again under the same
 * key, to the same id, which moves no money either.
 */
const sandboxTransfers = new Map<string, string>();

/** An id named by the idempotency key, so a repeated call answers the same hold or transfer. */
const idFor = (prefix: string, idempotencyKey: string, length: number) =>
  `${prefix}${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, length)}`;

/**
 * The built-in provider: a card "processor" that takes no money and answers like Stripe's test
 * mode (test-cards.ts, which nothing outside sandbox/ imports but tests). It plays both parts
 * Stripe plays: the card form's endpoint (confirmCard, approveAction, refuseAction, called with
 * what the member typed) and the money provider port the services call. Its membership payments
 * move through the same machine as ours, so it can never reach a state our records could not; its
 * card holds are captured and released without moving money, and every withdrawal is paid.
 */
export class SandboxMoneyProvider implements MoneyProvider {
  readonly name = 'sandbox' as const;
  readonly isTestMode = true;
  readonly needsAccount = false;
  readonly testCardHints = HINTED_TEST_CARDS;
  readonly #store: SandboxPaymentStore;
  readonly #now: () => Date;
  readonly #randomToken: () => string;

  constructor(options: SandboxProviderOptions) {
    this.#store = options.store;
    this.#now = options.now ?? (() => new Date());
    this.#randomToken = options.randomToken ?? (() => randomBytes(16).toString('hex'));
  }

  /**
   * Like Stripe, a create repeated with the same idempotency key answers the first payment: its id
   * is named by the key, so two requests for one intent (a double click) make one payment.
   */
  async createMembershipPayment(
    input: { member: PaymentMember; priceCents: number; interval: MembershipInterval },
    write?: ProviderWrite,
  ): Promise<CreatedPayment> {
    if (!Number.isSafeInteger(input.priceCents) || input.priceCents <= 0) {
      throw new RangeError(`A membership price must be a positive whole number of cents, got ${input.priceCents}`);
    }
    const id = write ? idFor('pi_sandbox_', write.idempotencyKey, 32) : `pi_sandbox_${this.#randomToken()}`;
    const earlier = write ? await this.#store.get(id) : null;
    if (earlier) return { clientSecret: earlier.clientSecret, paymentIntentId: id };
    const at = this.#now();
    const payment: SandboxPayment = {
      id,
      clientSecret: `${id}_secret_${this.#randomToken()}`,
      memberId: input.member.id,
      amountCents: input.priceCents,
      currency: 'usd',
      interval: input.interval,
      status: 'requires_payment_method',
      failureMessage: null,
      cardBrand: null,
      cardLast4: null,
      outcomeAfterApproval: null,
      createdAt: at,
      updatedAt: at,
    };
    try {
      await this.#store.insert(payment);
    } catch (error) {
      // The same intent inserted meanwhile by the other request: answer that payment.
      const twin = write ? await this.#store.get(id) : null;
      if (!twin) throw error;
      return { clientSecret: twin.clientSecret, paymentIntentId: id };
    }
    return { clientSecret: payment.clientSecret, paymentIntentId: id };
  }

  async retrieve(paymentIntentId: string): Promise<ProviderPayment> {
    return toProviderPayment(await this.#get(paymentIntentId));
  }

  /**
   * The member submits the card form. The card is checked with the same schema the form uses
   * (a request may skip the form), then charged according to its test-card outcome.
   */
  async confirmCard(input: unknown): Promise<ProviderPayment> {
    const parsed = makeCardPaymentSchema(this.#now).safeParse(input);
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[issue.path.join('.')] ??= issue.message;
      throw new PaymentProviderError('CARD_INVALID', 'Check the card details', fields);
    }
    const card = parsed.data;
    const payment = await this.#get(card.paymentIntentId);
    const outcome = outcomeForCard(card.cardNumber);
    const cardDetails = { cardBrand: cardBrandOf(card.cardNumber), cardLast4: card.cardNumber.slice(-4) };
    return this.#transition(payment, [['confirm', 'member'], ...stepsFor(outcome)], {
      ...cardDetails,
      ...changesFor(outcome),
    });
  }

  /** The member passed the issuer's confirmation: the card now pays or declines as it would have. */
  async approveAction(paymentIntentId: string): Promise<ProviderPayment> {
    const payment = await this.#get(paymentIntentId);
    // Settled by the issuer only while the confirmation is pending; a replay just reads the result.
    if (payment.status !== 'requires_action') return this.#transition(payment, [['approve_action', 'member']], {});
    const after = payment.outcomeAfterApproval ?? { kind: 'succeed' as const };
    return this.#transition(payment, [['approve_action', 'member'], ...stepsFor(after)], changesFor(after));
  }

  async refuseAction(paymentIntentId: string): Promise<ProviderPayment> {
    const payment = await this.#get(paymentIntentId);
    return this.#transition(payment, [['refuse_action', 'member']], {
      failureMessage: AUTHENTICATION_FAILED_MESSAGE,
      outcomeAfterApproval: null,
    });
  }

  /** The service has already decided the refund is due (membership rules); the provider only executes it. */
  async refund(paymentIntentId: string): Promise<ProviderPayment> {
    return this.#transition(await this.#get(paymentIntentId), [['refund', 'provider']], {});
  }

  async cancel(paymentIntentId: string): Promise<ProviderPayment> {
    return this.#transition(await this.#get(paymentIntentId), [['cancel', 'provider']], { outcomeAfterApproval: null });
  }

  parseWebhook(): never {
    throw new PaymentProviderError('WEBHOOK_INVALID', 'The sandbox provider sends no webhooks');
  }

  /** A payment method is a token naming the test card's outcome and last four digits. */
  paymentMethodFor(card: CashCard): string {
    const { cardNumber } = checkCashCard(this.#now, card);
    const outcome = outcomeForCard(cardNumber);
    return `pm_sandbox_${outcome.kind === 'succeed' ? 'ok' : 'no'}_${cardNumber.slice(-4)}`;
  }

  /** A hold's id is named by its idempotency key, so a repeated authorization answers the same hold. */
  async authorize(input: { amountCents: number; paymentMethod: string }, idempotencyKey: string): Promise<CashAuthorizationResult> {
    const providerRef = idFor('pi_sandbox_cash_', idempotencyKey, 24);
    const ok = input.paymentMethod.startsWith('pm_sandbox_ok_');
    return { providerRef, status: ok ? 'authorized' : 'declined', failureMessage: ok ? null : DECLINED_MESSAGE };
  }

  async capture(_providerRef: string, _idempotencyKey: string): Promise<void> {}

  async release(_providerRef: string, _idempotencyKey: string): Promise<void> {}

  /** Every withdrawal is paid, no money moves; the id is named by the key, once per key. */
  async payout(_input: { payoutId: number; amountCents: number; destination: string | null }, idempotencyKey: string): Promise<PayoutResult> {
    let providerRef = sandboxTransfers.get(idempotencyKey);
    if (!providerRef) {
      providerRef = idFor('po_sandbox_', idempotencyKey, 24);
      sandboxTransfers.set(idempotencyKey, providerRef);
    }
    return { providerRef, status: 'paid', failureMessage: null };
  }

  async findTransfer(_payout: PayoutLookup, idempotencyKey: string): Promise<{ providerRef: string } | null> {
    const providerRef = sandboxTransfers.get(idempotencyKey);
    return providerRef ? { providerRef } : null;
  }

  async #get(paymentIntentId: string): Promise<SandboxPayment> {
    const payment = await this.#store.get(paymentIntentId);
    if (!payment) throw new PaymentProviderError('PAYMENT_NOT_FOUND', 'Payment not found');
    return payment;
  }

  /**
   * Runs the steps through the payment machine and writes the end status in one compare-and-set,
   * so a payment is never seen half-way and a racing request fails instead of charging twice.
   * A replayed first step changes nothing and returns the payment as it is.
   */
  async #transition(payment: SandboxPayment, steps: Step[], changes: SandboxPaymentChanges): Promise<ProviderPayment> {
    let status: PaymentStatus = payment.status;
    for (const [index, [event, source]] of steps.entries()) {
      const decision = decide({ status }, event, source);
      if (!decision.ok) throw new PaymentProviderError('PAYMENT_INVALID_TRANSITION', decision.message);
      if (!decision.changed && index === 0) return toProviderPayment(payment);
      status = decision.status;
    }
    const update: SandboxPaymentChanges = { ...changes, status, updatedAt: this.#now() };
    if (!(await this.#store.update(payment.id, payment.status, update))) {
      throw new PaymentProviderError('PAYMENT_INVALID_TRANSITION', 'This payment changed meanwhile; reload and try again');
    }
    return toProviderPayment({ ...payment, ...update });
  }
}

function stepsFor(outcome: CardOutcome): Step[] {
  if (outcome.kind === 'succeed') return [['succeed', 'provider']];
  if (outcome.kind === 'decline') return [['decline', 'provider']];
  return [['require_action', 'provider']];
}

function changesFor(outcome: CardOutcome): SandboxPaymentChanges {
  if (outcome.kind === 'succeed') return { failureMessage: null, outcomeAfterApproval: null };
  if (outcome.kind === 'decline') return { failureMessage: outcome.message, outcomeAfterApproval: null };
  return { failureMessage: null, outcomeAfterApproval: outcome.afterApproval };
}

function toProviderPayment(payment: SandboxPayment): ProviderPayment {
  return {
    paymentIntentId: payment.id,
    status: payment.status,
    amountCents: payment.amountCents,
    currency: payment.currency,
    memberId: payment.memberId,
    failureMessage: payment.failureMessage,
    cardBrand: payment.cardBrand,
    cardLast4: payment.cardLast4,
  };
}
