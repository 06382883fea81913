import type { MembershipInterval, MembershipOverview, MembershipPayment, PaymentConfirmation, PaymentStatus } from '@soleswap/contracts/payments';
import type { AppContext } from '../../context';
import { allowedActions } from './payment.machine';
import { cancelMembership as cancelRule, refundEligibility } from './membership.rules';
import { isPremiumNow, membershipOf, membershipOfferFor } from './membership-state';
import { moneyProviderFor } from './payment-providers';
import { countPaidBefore, findLatestPaidPayment } from './payments.repository';
import type { PaymentRow } from './payments.repository';
import type { MemberRow } from '../users/membership-columns';
import { snapshotOf } from './settle-payment';

const iso = (date: Date | null) => date?.toISOString() ?? null;

export const toConfirmation = (payment: PaymentRow): PaymentConfirmation => ({
  paymentIntentId: payment.providerPaymentId,
  status: payment.status as PaymentStatus,
  failureMessage: payment.failureMessage,
});

export async function toMembershipPayment(ctx: AppContext, payment: PaymentRow, member: MemberRow): Promise<MembershipPayment> {
  return {
    id: payment.providerPaymentId,
    status: payment.status as PaymentStatus,
    amountCents: payment.amountCents,
    interval: payment.interval as MembershipInterval,
    failureMessage: payment.failureMessage,
    cardBrand: payment.cardBrand,
    cardLast4: payment.cardLast4,
    paidAt: iso(payment.paidAt),
    refundedAt: iso(payment.refundedAt),
    createdAt: payment.createdAt.toISOString(),
    allowedActions: allowedActions(await snapshotOf(ctx, payment, member)),
  };
}

/** The member's membership: period, cancellation, refund window, and the offer. */
export async function membershipOverview(ctx: AppContext, member: MemberRow): Promise<MembershipOverview> {
  const now = ctx.now();
  const membership = membershipOf(member);
  const isPremium = isPremiumNow(member, now);
  const latest = await findLatestPaidPayment(ctx.db, member.id);
  let refundableUntil: string | null = null;
  if (isPremium && latest?.status === 'succeeded' && latest.paidAt) {
    const paidBefore = await countPaidBefore(ctx.db, member.id, latest);
    const eligibility = refundEligibility({ paidAt: latest.paidAt, isFirstPayment: paidBefore === 0, at: now });
    if (eligibility.eligible) refundableUntil = eligibility.refundableUntil.toISOString();
  }
  return {
    isPremium,
    periodStart: iso(membership?.periodStart ?? null),
    periodEnd: iso(membership?.periodEnd ?? null),
    canceledAt: iso(membership?.canceledAt ?? null),
    refundableUntil,
    cancelAtPeriodEnd: Boolean(isPremium && membership?.canceledAt),
    canCancel: cancelRule(membership, now).ok,
    canRefund: refundableUntil !== null,
    offer: membershipOfferFor(ctx.env, moneyProviderFor(ctx)),
  };
}
