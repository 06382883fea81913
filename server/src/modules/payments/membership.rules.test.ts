import { DAY_MS } from '@soleswap/contracts/time';
import { describe, expect, it } from 'vitest';
import {
  addUtcMonths,
  canStartMembershipPayment,
  cancelMembership,
  endMembershipByRefund,
  isPremiumAt,
  membershipPeriodEnd,
  refundEligibility,
  renewalDueAt,
  startMembership,
} from './membership.rules';

const at = (iso: string) => new Date(iso);

describe('membershipPeriodEnd', () => {
  it.each([
    // [paid at, interval, period end]
    ['2025-03-10T09:30:00.000Z', 'month', '2025-04-10T09:30:00.000Z'],
    ['2025-01-31T12:00:00.000Z', 'month', '2025-02-28T12:00:00.000Z'], // no Feb 31: last day of February
    ['2024-01-31T12:00:00.000Z', 'month', '2024-02-29T12:00:00.000Z'], // leap year
    ['2025-03-31T00:00:00.000Z', 'month', '2025-04-30T00:00:00.000Z'],
    ['2025-08-31T23:59:59.999Z', 'month', '2025-09-30T23:59:59.999Z'],
    ['2025-12-15T08:00:00.000Z', 'month', '2026-01-15T08:00:00.000Z'], // across the year end
    ['2025-12-31T08:00:00.000Z', 'month', '2026-01-31T08:00:00.000Z'],
    ['2025-06-01T00:00:00.000Z', 'year', '2026-06-01T00:00:00.000Z'],
    ['2024-02-29T10:00:00.000Z', 'year', '2025-02-28T10:00:00.000Z'], // leap day → Feb 28
    ['2023-02-28T10:00:00.000Z', 'year', '2024-02-28T10:00:00.000Z'], // stays the 28th, not the 29th
  ] as const)('%s + 1 %s = %s', (paidAt, interval, end) => {
    expect(membershipPeriodEnd(at(paidAt), interval).toISOString()).toBe(end);
  });

  it('does not depend on the server time zone: a month from an instant near midnight UTC', () => {
    // 23:30 UTC on Jan 31 is already Feb 1 in Paris; the period is computed in UTC regardless.
    expect(membershipPeriodEnd(at('2025-01-31T23:30:00.000Z'), 'month').toISOString()).toBe('2025-02-28T23:30:00.000Z');
  });

  it('moves backwards too (used to find the start of a period)', () => {
    expect(addUtcMonths(at('2025-03-31T00:00:00.000Z'), -1).toISOString()).toBe('2025-02-28T00:00:00.000Z');
  });
});

describe('isPremiumAt', () => {
  const membership = startMembership(at('2025-01-31T12:00:00.000Z'), 'month');

  it('is premium from the payment up to, not including, the period end', () => {
    expect(isPremiumAt(membership, at('2025-01-31T11:59:59.999Z'))).toBe(false);
    expect(isPremiumAt(membership, at('2025-01-31T12:00:00.000Z'))).toBe(true);
    expect(isPremiumAt(membership, at('2025-02-28T11:59:59.999Z'))).toBe(true);
    expect(isPremiumAt(membership, at('2025-02-28T12:00:00.000Z'))).toBe(false);
  });

  it('is never premium without a membership', () => {
    expect(isPremiumAt(null, at('2025-02-01T00:00:00.000Z'))).toBe(false);
  });
});

describe('charging again', () => {
  const membership = startMembership(at('2025-05-10T00:00:00.000Z'), 'month');

  it('refuses a second charge while the member is premium for the period', () => {
    expect(canStartMembershipPayment(membership, at('2025-06-09T23:00:00.000Z'))).toEqual({
      ok: false,
      reason: 'ALREADY_PREMIUM',
      premiumUntil: at('2025-06-10T00:00:00.000Z'),
    });
  });

  it('refuses it even after a cancel, because the paid period still runs', () => {
    const canceled = cancelMembership(membership, at('2025-05-20T00:00:00.000Z'));
    if (!canceled.ok) throw new Error(canceled.reason);
    expect(canStartMembershipPayment(canceled.membership, at('2025-05-21T00:00:00.000Z')).ok).toBe(false);
  });

  it('allows a new payment once the period is over, for a first-time member, and after a refund', () => {
    expect(canStartMembershipPayment(membership, at('2025-06-10T00:00:00.000Z'))).toEqual({ ok: true });
    expect(canStartMembershipPayment(null, at('2025-06-10T00:00:00.000Z'))).toEqual({ ok: true });
    const refunded = endMembershipByRefund(membership, at('2025-05-12T00:00:00.000Z'));
    expect(canStartMembershipPayment(refunded, at('2025-05-13T00:00:00.000Z'))).toEqual({ ok: true });
  });
});

describe('cancelMembership', () => {
  const membership = startMembership(at('2025-05-10T00:00:00.000Z'), 'year');

  it('keeps premium to the end of the period and stops the renewal', () => {
    expect(renewalDueAt(membership)).toEqual(at('2026-05-10T00:00:00.000Z'));
    const result = cancelMembership(membership, at('2025-07-01T00:00:00.000Z'));
    if (!result.ok) throw new Error(result.reason);
    expect(result.membership.canceledAt).toEqual(at('2025-07-01T00:00:00.000Z'));
    expect(isPremiumAt(result.membership, at('2026-05-09T23:59:59.999Z'))).toBe(true);
    expect(isPremiumAt(result.membership, at('2026-05-10T00:00:00.000Z'))).toBe(false);
    expect(renewalDueAt(result.membership)).toBeNull();
  });

  it('refuses to cancel twice, or to cancel a membership that is not running', () => {
    const result = cancelMembership(membership, at('2025-07-01T00:00:00.000Z'));
    if (!result.ok) throw new Error(result.reason);
    expect(cancelMembership(result.membership, at('2025-07-02T00:00:00.000Z'))).toEqual({
      ok: false,
      reason: 'ALREADY_CANCELED',
    });
    expect(cancelMembership(membership, at('2026-06-01T00:00:00.000Z'))).toEqual({ ok: false, reason: 'NOT_PREMIUM' });
    expect(cancelMembership(null, at('2026-06-01T00:00:00.000Z'))).toEqual({ ok: false, reason: 'NOT_PREMIUM' });
  });
});

describe('refunds', () => {
  const paidAt = at('2025-03-01T10:00:00.000Z');
  const first = (days: number, extraMs = 0) =>
    refundEligibility({ paidAt, isFirstPayment: true, at: new Date(paidAt.getTime() + days * DAY_MS + extraMs) });

  it('refunds the first payment on day 29 and on exactly day 30, not a moment later, not on day 31', () => {
    const refundableUntil = at('2025-03-31T10:00:00.000Z'); // 1 March 10:00 + 30 days
    expect(first(29)).toEqual({ eligible: true, refundableUntil });
    expect(first(30)).toEqual({ eligible: true, refundableUntil });
    expect(first(30, 1)).toEqual({ eligible: false, reason: 'REFUND_WINDOW_CLOSED' });
    expect(first(31)).toEqual({ eligible: false, reason: 'REFUND_WINDOW_CLOSED' });
  });

  it('does not refund a renewal, or a payment that was never paid', () => {
    expect(refundEligibility({ paidAt, isFirstPayment: false, at: paidAt })).toEqual({
      eligible: false,
      reason: 'NOT_FIRST_PAYMENT',
    });
    expect(refundEligibility({ paidAt: null, isFirstPayment: true, at: paidAt })).toEqual({
      eligible: false,
      reason: 'NOT_PAID',
    });
  });

  it('ends premium at the moment of the refund and cancels the renewal', () => {
    const membership = startMembership(paidAt, 'month');
    const refunded = endMembershipByRefund(membership, at('2025-03-15T00:00:00.000Z'));
    expect(isPremiumAt(refunded, at('2025-03-14T23:59:59.999Z'))).toBe(true);
    expect(isPremiumAt(refunded, at('2025-03-15T00:00:00.000Z'))).toBe(false);
    expect(renewalDueAt(refunded)).toBeNull();
  });
});
