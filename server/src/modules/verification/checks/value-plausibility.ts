import { dollars } from '../money-format';
import type { VerificationCheck } from '../types';

/**
 * Under half the low end of the market range is the "too good to be true" price replicas are
 * sold at; a real pair, even worn, rarely goes that far below the cheapest recent sales.
 */
export const FAR_BELOW_MARKET_RATIO = 0.5;

/**
 * The member's estimate against the market range. Critical, weight 20: a price far below market
 * is the strongest counterfeit signal we have, and without any market reference the price cannot
 * be vouched for either. An estimate above the range is optimism, not a sign of a fake, so it passes.
 */
export const valuePlausibilityCheck: VerificationCheck = {
  name: 'valuePlausibility',
  weight: 20,
  critical: true,
  run({ listing, market }) {
    const observed = `estimate ${dollars(listing.estimatedValueCents)}`;
    if (!market) {
      return { passed: false, evidence: { observed, expected: 'a market price', summary: 'No market data to compare the price with.' } };
    }
    const floor = Math.ceil(market.low * FAR_BELOW_MARKET_RATIO);
    const expected = `market ${dollars(market.marketPrice)} (range ${dollars(market.low)} to ${dollars(market.high)}), at least ${dollars(floor)}`;
    if (listing.estimatedValueCents < floor) {
      return {
        passed: false,
        evidence: { observed, expected, summary: 'Priced far below the market: a common sign of a replica.' },
      };
    }
    const where = listing.estimatedValueCents < market.low ? 'a little below' : listing.estimatedValueCents > market.high ? 'above' : 'within';
    return { passed: true, evidence: { observed, expected, summary: `The estimate is ${where} the market range.` } };
  },
};
