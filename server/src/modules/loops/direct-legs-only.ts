import type { Env } from '../../env';
import type { Market } from './load-market';

/**
 * The market a loop may be cleared from (docs/rules/loops.md#a-leg-above-the-centres-value): when
 * the operator sends every trade worth more than AUTHENTICATION_REQUIRED_ABOVE_CENTS through the
 * authentication centre, a pair worth more than that (the value the market lists it at) never
 * travels as a direct loop leg, so it is left out of the loops; its owner can still trade it through
 * the centre in a trade. Without a centre or a threshold the market is unchanged.
 */
export function directLegsOnly(market: Market, env: Pick<Env, 'AUTHENTICATION_CENTRE_ADDRESS' | 'AUTHENTICATION_REQUIRED_ABOVE_CENTS'>): Market {
  const threshold = env.AUTHENTICATION_REQUIRED_ABOVE_CENTS;
  if (!env.AUTHENTICATION_CENTRE_ADDRESS || threshold === undefined) return market;
  return { ...market, listings: market.listings.filter((listing) => listing.valueCents <= threshold) };
}
