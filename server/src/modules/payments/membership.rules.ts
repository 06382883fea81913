import { DAY_MS } from '@soleswap/contracts/time';
import { REFUND_WINDOW_DAYS } from '@soleswap/contracts/payments';
import type { MembershipInterval } from '@soleswap/contracts/payments';

/**
 * Membership periods as pure functions over instants. Every calendar step is taken in UTC so a
 * period never shifts by an hour with a server's time zone or a daylight-saving change.
 */

const daysInUtcMonth = (year: number, monthIndex: number) => new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();

/**
 * `at` moved by whole calendar months, keeping the time of day. A day that does not exist in the
 * target month becomes that month's last day (Jan 31 + 1 month = Feb 28, or Feb 29 in a leap
 * year), instead of spilling into the next month as Date.setMonth does.
 */
export function addUtcMonths(at: Date, months: number): Date {
  const target = at.getUTCMonth() + months;
  const year = at.getUTCFullYear() + Math.floor(target / 12);
  const monthIndex = ((target % 12) + 12) % 12;
  const day = Math.min(at.getUTCDate(), daysInUtcMonth(year, monthIndex));
  return new Date(Date.UTC(year, monthIndex, day, at.getUTCHours(), at.getUTCMinutes(), at.getUTCSeconds(), at.getUTCMilliseconds()));
}

/** When a period paid at `paidAt` ends (exclusive): one calendar month or year later. */
export function membershipPeriodEnd(paidAt: Date, interval: MembershipInterval): Date {
  return addUtcMonths(paidAt, interval === 'year' ? 12 : 1);
}

/** A member's current (or last) paid period, as the database keeps it. */
export interface MembershipState {
  periodStart: Date;
  /** Exclusive. */
  periodEnd: Date;
  /** The member cancelled: premium still runs to periodEnd, and nothing renews it. */
  canceledAt: Date | null;
  /** A refund ended premium early, at this instant. */
  endedAt: Date | null;
}

/** The state right after a payment succeeded. */
export function startMembership(paidAt: Date, interval: MembershipInterval): MembershipState {
  return { periodStart: paidAt, periodEnd: membershipPeriodEnd(paidAt, interval), canceledAt: null, endedAt: null };
}

/** Premium from the payment until the period ends, or until a refund ended it. */
export function isPremiumAt(membership: MembershipState | null, at: Date): boolean {
  if (!membership) return false;
  const end = membership.endedAt && membership.endedAt < membership.periodEnd ? membership.endedAt : membership.periodEnd;
  return membership.periodStart <= at && at < end;
}

export type ChargeCheck = { ok: true } | { ok: false; reason: 'ALREADY_PREMIUM'; premiumUntil: Date };

/**
 * Whether a new membership payment may start now. A member who is premium for the current
 * period is never charged again for it, not even to pay in advance: a new period is bought once
 * the current one is over (cancelled or not).
 */
export function canStartMembershipPayment(membership: MembershipState | null, at: Date): ChargeCheck {
  if (membership && isPremiumAt(membership, at)) {
    return { ok: false, reason: 'ALREADY_PREMIUM', premiumUntil: membership.periodEnd };
  }
  return { ok: true };
}

export type CancelResult = { ok: true; membership: MembershipState } | { ok: false; reason: 'NOT_PREMIUM' | 'ALREADY_CANCELED' };

/**
 * "Cancel anytime": the member keeps what they paid for until the period ends; cancelling only
 * stops the membership from being renewed. Money back is a separate, time-limited refund.
 */
export function cancelMembership(membership: MembershipState | null, at: Date): CancelResult {
  if (!membership || !isPremiumAt(membership, at)) return { ok: false, reason: 'NOT_PREMIUM' };
  if (membership.canceledAt) return { ok: false, reason: 'ALREADY_CANCELED' };
  return { ok: true, membership: { ...membership, canceledAt: at } };
}

/** When the member is due to pay for the next period, or null when they cancelled or a refund ended it. */
export function renewalDueAt(membership: MembershipState | null): Date | null {
  if (!membership || membership.canceledAt || membership.endedAt) return null;
  return membership.periodEnd;
}

export type RefundEligibility =
  { eligible: true; refundableUntil: Date } | { eligible: false; reason: 'NOT_FIRST_PAYMENT' | 'REFUND_WINDOW_CLOSED' | 'NOT_PAID' };

/**
 * The 30-day money-back guarantee: it covers the member's first membership payment only (a
 * renewal is a decision made knowing the product), up to and including exactly 30 days after
 * it was paid. Day 29 is covered, day 31 is not.
 */
export function refundEligibility(input: { paidAt: Date | null; isFirstPayment: boolean; at: Date }): RefundEligibility {
  if (!input.paidAt) return { eligible: false, reason: 'NOT_PAID' };
  if (!input.isFirstPayment) return { eligible: false, reason: 'NOT_FIRST_PAYMENT' };
  const refundableUntil = new Date(input.paidAt.getTime() + REFUND_WINDOW_DAYS * DAY_MS);
  if (input.at > refundableUntil) return { eligible: false, reason: 'REFUND_WINDOW_CLOSED' };
  return { eligible: true, refundableUntil };
}

/** A refund ends premium at once; it also stops any renewal. */
export function endMembershipByRefund(membership: MembershipState, at: Date): MembershipState {
  return { ...membership, endedAt: at };
}
