import type { MembershipOverview, PaymentsConfig } from '@soleswap/contracts/payments';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { membershipOfferFor } from './membership-state';
import { paymentProviderFor } from './payment-providers';
import { getMember } from '../users/membership-columns';
import { membershipOverview } from './payment-view';
import { SANDBOX_TEST_CARDS } from './sandbox/test-cards';

/** Cards worth showing in the sandbox hint, with what each does. */
const HINTED_CARDS: Array<{ number: string; outcome: string }> = [
  { number: '4242 4242 4242 4242', outcome: 'Succeeds' },
  { number: '4000 0025 0000 3155', outcome: 'Asks you to confirm the payment' },
  { number: '4000 0000 0000 0002', outcome: 'Declined' },
  { number: '4000 0000 0000 9995', outcome: 'Declined: insufficient funds' },
];

/** What the payment pages need first: the price, who takes the money and, for Stripe, its public key. */
export function getPaymentsConfig(ctx: AppContext): PaymentsConfig {
  const provider = paymentProviderFor(ctx);
  const isSandbox = provider.name === 'sandbox';
  return {
    ...membershipOfferFor(ctx.env, provider),
    publishableKey: isSandbox ? null : (ctx.env.STRIPE_PUBLISHABLE_KEY ?? null),
    testCards: isSandbox ? HINTED_CARDS.filter((card) => card.number.replace(/\s/g, '') in SANDBOX_TEST_CARDS) : [],
  };
}

export async function getMembership(ctx: AppContext, input: { memberId: string }): Promise<MembershipOverview> {
  const member = await getMember(ctx.db, input.memberId);
  if (!member) throw notFound('Member');
  return membershipOverview(ctx, member);
}
