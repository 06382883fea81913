import type { PaymentEvent, PaymentRefusal, PaymentStatus } from '@soleswap/contracts/payments';
import type { ErrorCode } from '@soleswap/contracts/errors';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { decide } from './payment.machine';
import type { PaymentEffect, PaymentSnapshot, PaymentSource } from './payment.machine';
import { isPremiumNow } from './membership-state';
import { refundEligibility, startMembership } from './membership.rules';
import type { MembershipInterval } from '@soleswap/contracts/payments';
import { callProvider } from './payment-providers';
import type { PaymentProvider } from './payment-provider';
import { countPaidBefore, findPaymentByProviderId, hasNewerChargedPayment, lockPaymentByProviderId, updatePayment } from './payments.repository';
import { getMember, lockMember, updateMembership } from '../users/membership-columns';
import type { PaymentRow } from './payments.repository';
import type { MemberRow } from '../users/membership-columns';

const REFUSAL_CODES: Record<PaymentRefusal, ErrorCode> = {
  PAYMENT_INVALID_TRANSITION: 'PAYMENT_INVALID_TRANSITION',
  PAYMENT_EVENT_NOT_ALLOWED: 'FORBIDDEN',
  ALREADY_PREMIUM: 'ALREADY_PREMIUM',
  REFUND_NOT_ELIGIBLE: 'REFUND_NOT_ELIGIBLE',
};

/** The machine event a provider's status reports, or null when it reports nothing to apply. */
export function eventForStatus(status: PaymentStatus): PaymentEvent | null {
  const events: Partial<Record<PaymentStatus, PaymentEvent>> = {
    succeeded: 'succeed',
    failed: 'decline',
    requires_action: 'require_action',
    canceled: 'cancel',
    refunded: 'refund',
  };
  return events[status] ?? null;
}

/** Whether the money-back guarantee still covers this payment. */
async function isRefundEligible(ctx: AppContext, payment: PaymentRow): Promise<boolean> {
  if (!payment.paidAt) return false;
  const paidBefore = await countPaidBefore(ctx.db, payment.userId, payment);
  return refundEligibility({ paidAt: payment.paidAt, isFirstPayment: paidBefore === 0, at: ctx.now() }).eligible;
}

/** Statuses on which the member may still pay or approve (a step a newer payment makes stale). */
const OPEN_TO_MEMBER: readonly PaymentStatus[] = ['requires_payment_method', 'failed', 'requires_action'];

export async function snapshotOf(ctx: AppContext, payment: PaymentRow, member: MemberRow): Promise<PaymentSnapshot> {
  return {
    status: payment.status as PaymentStatus,
    // Only a payment that has not bought a period yet can be "another payment" than the current one.
    isPremiumFromAnotherPayment: payment.paidAt === null && isPremiumNow(member, ctx.now()),
    isRefundEligible: await isRefundEligible(ctx, payment),
    // Read only for payments a member step could still charge.
    isSuperseded: OPEN_TO_MEMBER.includes(payment.status as PaymentStatus) && (await hasNewerChargedPayment(ctx.db, payment)),
  };
}

/** Runs `decide` and throws its refusal as our error; a replay comes back with changed=false. */
export function decideOrThrow(snapshot: PaymentSnapshot, event: PaymentEvent, source: PaymentSource) {
  const decision = decide(snapshot, event, source);
  if (!decision.ok) throw new AppError(REFUSAL_CODES[decision.reason], decision.message);
  return decision;
}

/** Decision effects that are calls to the provider: made before the transaction that records them. */
export type ProviderEffect = Extract<PaymentEffect, 'refundCharge' | 'cancelIntent'>;
const PROVIDER_EFFECTS: readonly PaymentEffect[] = ['refundCharge', 'cancelIntent'];

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
  inlineProvider?: PaymentProvider;
}

/** The decision needs a provider call that was not made: settleAtProvider makes it and tries again. */
export class ProviderCallNeeded extends Error {
  constructor(readonly effect: ProviderEffect) {
    super(`The provider call ${effect} must be made before this settlement`);
  }
}

/** The idempotency key of a provider call on one payment: one refund, one cancel per payment, ever. */
export const providerCallKey = (payment: PaymentRow, effect: ProviderEffect) =>
  `soleswap-${effect === 'refundCharge' ? 'refund' : 'cancel'}-${payment.provider}-${payment.providerPaymentId}`;

async function callFor(provider: PaymentProvider, payment: PaymentRow, effect: ProviderEffect) {
  const write = { idempotencyKey: providerCallKey(payment, effect) };
  return callProvider(() =>
    effect === 'refundCharge' ? provider.refund(payment.providerPaymentId, write) : provider.cancel(payment.providerPaymentId, write),
  );
}

/**
 * Applies one event to our record of a payment and to the member's premium, in the caller's
 * transaction (the payment must be locked). This is the only place premium is switched on: after
 * the provider itself reported the success to the server. A replayed event writes nothing. It
 * calls no provider across a network: a decision that needs a refund or a cancel at the provider
 * is applied by settleAtProvider, which makes that call first, outside any transaction.
 */
export async function settlePayment(ctx: AppContext, payment: PaymentRow, settlement: Settlement): Promise<PaymentRow> {
  const member = await lockMember(ctx.db, payment.userId);
  if (!member) throw new AppError('NOT_FOUND', 'Member not found');
  const decision = decideOrThrow(await snapshotOf(ctx, payment, member), settlement.event, settlement.source);
  if (!decision.changed) return payment;
  const made = settlement.madeAtProvider ?? [];

  const now = ctx.now();
  const changes: Partial<PaymentRow> = { status: decision.status, ...(settlement.card ?? {}) };
  // A new attempt on a declined payment: the old decline no longer describes it.
  if (settlement.event === 'confirm') changes.failureMessage = null;
  for (const effect of decision.effects) {
    if (effect === 'refundCharge' || effect === 'cancelIntent') {
      if (settlement.inlineProvider) await callFor(settlement.inlineProvider, payment, effect);
      else if (!made.includes(effect)) throw new ProviderCallNeeded(effect);
    }
    if (effect === 'activatePremium') {
      const period = startMembership(now, payment.interval as MembershipInterval);
      Object.assign(changes, { paidAt: now, periodEnd: period.periodEnd, failureMessage: null });
      await updateMembership(ctx.db, member.id, {
        isPremiumMember: true,
        membershipPaidAt: period.periodStart,
        membershipPeriodEnd: period.periodEnd,
        membershipCanceledAt: null,
        membershipEndedAt: null,
      });
    } else if (effect === 'refundCharge') {
      changes.refundedAt = now;
    } else if (effect === 'endPremium') {
      changes.refundedAt = now;
      // Only the payment that bought the current period ends it; an older refund leaves it alone.
      if (payment.paidAt && member.membershipPaidAt?.getTime() === payment.paidAt.getTime()) {
        await updateMembership(ctx.db, member.id, { isPremiumMember: false, membershipEndedAt: now });
      }
    } else if (effect === 'recordFailure') {
      changes.failureMessage = settlement.failureMessage ?? 'Payment could not be processed';
    }
  }
  if (!(await updatePayment(ctx.db, payment.id, payment.status as PaymentStatus, changes))) {
    throw new AppError('CONFLICT', 'This payment changed meanwhile; reload and try again');
  }
  const settled = { ...payment, ...changes };
  // The money is back at the provider whatever changed since the call was decided (the other
  // payment that made this success a double charge was refunded meanwhile): record that too.
  if (made.includes('refundCharge') && settled.status === 'succeeded') {
    return settlePayment(ctx, settled, { event: 'refund', source: 'provider' });
  }
  return settled;
}

/** How often a settlement is decided afresh when the payment moved between the decision and its transaction. */
const SETTLE_ATTEMPTS = 3;

/**
 * Applies an event without holding a transaction across a provider call: the event is decided on
 * a fresh read (a refusal is thrown before anything is called or written), the provider calls the
 * decision needs are made with the payment's idempotency keys, and the result is applied in one
 * short transaction that locks and re-reads the payment and decides again (settlePayment), so a
 * webhook or a retry that got there first makes this a replay. Null when there is no such payment.
 */
export async function settleAtProvider(
  ctx: AppContext,
  provider: PaymentProvider,
  providerPaymentId: string,
  settlement: Settlement,
): Promise<PaymentRow | null> {
  const made: ProviderEffect[] = [];
  // Once the money is back, what is left to record is the provider's refund, not the member's request.
  const toApply = (): Settlement =>
    made.includes('refundCharge') && settlement.event === 'refund'
      ? { ...settlement, source: 'provider', madeAtProvider: made }
      : { ...settlement, madeAtProvider: made };
  for (let attempt = 1; ; attempt += 1) {
    const payment = await findPaymentByProviderId(ctx.db, provider.name, providerPaymentId);
    if (!payment) return null;
    const member = await getMember(ctx.db, payment.userId);
    if (!member) throw new AppError('NOT_FOUND', 'Member not found');
    const decision = decideOrThrow(await snapshotOf(ctx, payment, member), toApply().event, toApply().source);
    if (!decision.changed) return payment;
    for (const effect of decision.effects) {
      if (!PROVIDER_EFFECTS.includes(effect) || made.includes(effect as ProviderEffect)) continue;
      await callFor(provider, payment, effect as ProviderEffect);
      made.push(effect as ProviderEffect);
    }
    try {
      return await ctx.db.transaction(async (tx) => {
        const locked = await lockPaymentByProviderId(tx, provider.name, providerPaymentId);
        return settlePayment({ ...ctx, db: tx }, locked!, toApply());
      });
    } catch (error) {
      if (!(error instanceof ProviderCallNeeded)) throw error;
      if (attempt === SETTLE_ATTEMPTS) throw new AppError('CONFLICT', 'This payment changed meanwhile; reload and try again');
    }
  }
}
