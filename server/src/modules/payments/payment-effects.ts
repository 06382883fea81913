import type { MembershipInterval, PaymentEvent } from '@soleswap/contracts/payments';
import type { AppContext } from '../../context';
import { updateMembership, type MemberRow } from '../users/membership-columns';
import { startMembership } from './membership.rules';
import type { PaymentEffect } from './payment.machine';
import type { MoneyProvider } from './money-provider';
import { providerKey, runProviderStep } from './provider-step';
import type { PaymentRow } from './payments.repository';
import type { PaymentSource } from './payment.machine';

/** Decision effects that are calls to the provider: made before the transaction that records them. */
export type ProviderEffect = Extract<PaymentEffect, 'refundCharge' | 'cancelIntent'>;
export const PROVIDER_EFFECTS: readonly PaymentEffect[] = ['refundCharge', 'cancelIntent'];

export interface Settlement {
  event: PaymentEvent;
  source: PaymentSource;
  failureMessage?: string | null;
  card?: { cardBrand: string | null; cardLast4: string | null };
  /** Provider calls already made for this payment, outside the transaction (see settleAtProvider). */
  madeAtProvider?: readonly ProviderEffect[];
  /**
   * A provider that is the database itself (the sandbox's card form, in the caller's transaction),
   * called inline; any other provider is never called here.
   */
  inlineProvider?: MoneyProvider;
}

/** The decision needs a provider call that was not made: settleAtProvider makes it and tries again. */
export class ProviderCallNeeded extends Error {
  constructor(readonly effect: ProviderEffect) {
    super(`The provider call ${effect} must be made before this settlement`);
  }
}

/** The idempotency key of a provider call on one payment: one refund, one cancel per payment, ever. */
export const providerCallKey = (payment: PaymentRow, effect: ProviderEffect) =>
  providerKey(effect === 'refundCharge' ? 'refund' : 'cancel', payment.provider, payment.providerPaymentId);

/**
 * The provider-step of a refund or a cancel the payment machine decided, under the payment's key.
 * `sameDatabase` for the sandbox's card form, whose provider is this database (settled in the
 * caller's transaction); every other provider is called with no transaction open.
 */
export function callFor(provider: MoneyProvider, payment: PaymentRow, effect: ProviderEffect, options: { sameDatabase?: boolean } = {}) {
  return runProviderStep({
    name: 'refund or cancel a payment',
    sameDatabase: options.sameDatabase,
    intent: async () => ({ id: payment.providerPaymentId, write: { idempotencyKey: providerCallKey(payment, effect) } }),
    call: ({ id, write }) => (effect === 'refundCharge' ? provider.refund(id, write) : provider.cancel(id, write)),
    apply: async (_intent, answer) => answer,
  });
}

/** The state one settlement builds up while its effects run, inside the caller's transaction. */
export interface PaymentWork {
  ctx: AppContext;
  payment: PaymentRow;
  member: MemberRow;
  settlement: Settlement;
  now: Date;
  /** Columns to save with the new status. */
  changes: Partial<PaymentRow>;
}

/**
 * A provider call the decision needs: made inline for a provider that is the database itself,
 * otherwise it must have been made already, outside the transaction (settleAtProvider).
 */
async function providerCall(w: PaymentWork, effect: ProviderEffect): Promise<void> {
  if (w.settlement.inlineProvider) await callFor(w.settlement.inlineProvider, w.payment, effect, { sameDatabase: true });
  else if (!(w.settlement.madeAtProvider ?? []).includes(effect)) throw new ProviderCallNeeded(effect);
}

/** Side work of each effect the payment machine names (payment.machine.ts). */
export const PAYMENT_EFFECTS: Record<PaymentEffect, (w: PaymentWork) => Promise<void>> = {
  async activatePremium(w) {
    const period = startMembership(w.now, w.payment.interval as MembershipInterval);
    Object.assign(w.changes, { paidAt: w.now, periodEnd: period.periodEnd, failureMessage: null });
    await updateMembership(w.ctx.db, w.member.id, {
      isPremiumMember: true,
      membershipPaidAt: period.periodStart,
      membershipPeriodEnd: period.periodEnd,
      membershipCanceledAt: null,
      membershipEndedAt: null,
    });
  },

  async endPremium(w) {
    w.changes.refundedAt = w.now;
    // Only the payment that bought the current period ends it; an older refund leaves it alone.
    if (w.payment.paidAt && w.member.membershipPaidAt?.getTime() === w.payment.paidAt.getTime()) {
      await updateMembership(w.ctx.db, w.member.id, { isPremiumMember: false, membershipEndedAt: w.now });
    }
  },

  async refundCharge(w) {
    await providerCall(w, 'refundCharge');
    w.changes.refundedAt = w.now;
  },

  async cancelIntent(w) {
    await providerCall(w, 'cancelIntent');
  },

  async recordFailure(w) {
    w.changes.failureMessage = w.settlement.failureMessage ?? 'Payment could not be processed';
  },
};
