import { createHash, randomBytes } from 'node:crypto';
import { cardBrandOf, makeCardPaymentSchema } from '@soleswap/contracts/payments';
import type { MembershipInterval, PaymentEvent, PaymentStatus } from '@soleswap/contracts/payments';
import { decide } from '../payment.machine';
import type { PaymentSource } from '../payment.machine';
import { PaymentProviderError } from '../payment-provider';
import type { CreatedPayment, PaymentMember, PaymentProvider, ProviderPayment, ProviderWrite } from '../payment-provider';
import type { SandboxPayment, SandboxPaymentChanges, SandboxPaymentStore } from './sandbox-payment-store';
import { AUTHENTICATION_FAILED_MESSAGE, outcomeForCard } from './test-cards';
import type { CardOutcome } from './test-cards';

export interface SandboxProviderOptions {
  store: SandboxPaymentStore;
  now?: () => Date;
  /** Random part of ids and client secrets; tests pass a counter. */
  randomToken?: () => string;
}

type Step = [PaymentEvent, PaymentSource];

/**
 * The built-in provider: a card "processor" that takes no money and answers like Stripe's test
 * mode (test-cards.ts). It plays both parts Stripe plays: the card form's endpoint (confirmCard,
 * approveAction, refuseAction, called with what the member typed) and the provider API the
 * services call. Its payments move through the same machine as ours, so it can never reach a
 * state our records could not.
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  readonly isTestMode = true;
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
    const id = `pi_sandbox_${write ? createHash('sha256').update(write.idempotencyKey).digest('hex').slice(0, 32) : this.#randomToken()}`;
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
