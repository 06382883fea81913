import type { PaymentEvent, PaymentRefusal, PaymentStatus } from '@soleswap/contracts/payments';
import type { ErrorCode } from '@soleswap/contracts/errors';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { decide } from './payment.machine';
import type { PaymentSnapshot, PaymentSource } from './payment.machine';
import { isPremiumNow } from './membership-state';
import { refundEligibility, startMembership } from './membership.rules';
import type { MembershipInterval } from '@soleswap/contracts/payments';
import { callProvider } from './payment-providers';
import type { PaymentProvider } from './payment-provider';
import { countPaidBefore, hasNewerChargedPayment, updatePayment } from './payments.repository';
import { lockMember, updateMembership } from '../users/membership-columns';
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

export interface Settlement {
  event: PaymentEvent;
  source: PaymentSource;
  failureMessage?: string | null;
  card?: { cardBrand: string | null; cardLast4: string | null };
}

/**
 * Applies one event to our record of a payment and to the member's premium, in the caller's
 * transaction (the payment must be locked). This is the only place premium is switched on: after
 * the provider itself reported the success to the server. A replayed event writes nothing.
 */
export async function settlePayment(ctx: AppContext, provider: PaymentProvider, payment: PaymentRow, settlement: Settlement): Promise<PaymentRow> {
  const member = await lockMember(ctx.db, payment.userId);
  if (!member) throw new AppError('NOT_FOUND', 'Member not found');
  const decision = decideOrThrow(await snapshotOf(ctx, payment, member), settlement.event, settlement.source);
  if (!decision.changed) return payment;

  const now = ctx.now();
  const changes: Partial<PaymentRow> = { status: decision.status, ...(settlement.card ?? {}) };
  // A new attempt on a declined payment: the old decline no longer describes it.
  if (settlement.event === 'confirm') changes.failureMessage = null;
  for (const effect of decision.effects) {
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
      await callProvider(() => provider.refund(payment.providerPaymentId));
      changes.refundedAt = now;
    } else if (effect === 'endPremium') {
      changes.refundedAt = now;
      // Only the payment that bought the current period ends it; an older refund leaves it alone.
      if (payment.paidAt && member.membershipPaidAt?.getTime() === payment.paidAt.getTime()) {
        await updateMembership(ctx.db, member.id, { isPremiumMember: false, membershipEndedAt: now });
      }
    } else if (effect === 'cancelIntent') {
      await callProvider(() => provider.cancel(payment.providerPaymentId));
    } else if (effect === 'recordFailure') {
      changes.failureMessage = settlement.failureMessage ?? 'Payment could not be processed';
    }
  }
  if (!(await updatePayment(ctx.db, payment.id, payment.status as PaymentStatus, changes))) {
    throw new AppError('CONFLICT', 'This payment changed meanwhile; reload and try again');
  }
  return { ...payment, ...changes };
}
