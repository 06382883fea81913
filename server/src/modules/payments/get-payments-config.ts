import type { MembershipOverview, PaymentsConfig } from '@soleswap/contracts/payments';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { membershipOfferFor } from './membership-state';
import { moneyProviderFor } from './payment-providers';
import { getMember } from '../users/membership-columns';
import { membershipOverview } from './payment-view';

/** What the payment pages need first: the price, who takes the money and, for Stripe, its public key. */
export function getPaymentsConfig(ctx: AppContext): PaymentsConfig {
  const provider = moneyProviderFor(ctx);
  const isSandbox = provider.name === 'sandbox';
  return {
    ...membershipOfferFor(ctx.env, provider),
    publishableKey: isSandbox ? null : (ctx.env.STRIPE_PUBLISHABLE_KEY ?? null),
    testCards: [...provider.testCardHints],
  };
}

export async function getMembership(ctx: AppContext, input: { memberId: string }): Promise<MembershipOverview> {
  const member = await getMember(ctx.db, input.memberId);
  if (!member) throw notFound('Member');
  return membershipOverview(ctx, member);
}
