import { formatMembershipPrice } from '@soleswap/contracts/payments';
import type { MembershipInterval, MembershipOffer } from '@soleswap/contracts/payments';
import type { Env } from '../../env';
import { isPremiumAt } from './membership.rules';
import type { MembershipState } from './membership.rules';
import type { MembershipColumns } from '../users/membership-columns';

/** The member's paid period as the rules read it, or null when they never paid for one. */
export function membershipOf(member: MembershipColumns): MembershipState | null {
  if (!member.membershipPaidAt || !member.membershipPeriodEnd) return null;
  return {
    periodStart: member.membershipPaidAt,
    periodEnd: member.membershipPeriodEnd,
    canceledAt: member.membershipCanceledAt,
    endedAt: member.membershipEndedAt,
  };
}

/**
 * Premium right now. The period decides, not the flag, which the lapse job switches off a little
 * after the period ends; a flag set before periods were kept has no end date and counts as is.
 */
export function isPremiumNow(member: MembershipColumns, at: Date): boolean {
  const membership = membershipOf(member);
  return membership ? isPremiumAt(membership, at) : member.isPremiumMember;
}

/** The one price every page shows, and who takes the money. */
export function membershipOfferFor(env: Env, provider: { name: 'sandbox' | 'stripe'; isTestMode: boolean }): MembershipOffer {
  const interval: MembershipInterval = env.MEMBERSHIP_INTERVAL;
  return {
    priceCents: env.MEMBERSHIP_PRICE_CENTS,
    interval,
    priceText: formatMembershipPrice(env.MEMBERSHIP_PRICE_CENTS, interval),
    provider: provider.name,
    isTestMode: provider.isTestMode,
  };
}
