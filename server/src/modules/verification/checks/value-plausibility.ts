import { dollars } from '../money-format';
import type { VerificationCheck } from '../types';

/**
 * Market prices are deadstock prices; each point of condition under 10 takes a tenth off what a
 * worn pair fetches (down to 30%), as the portfolio valuation counts it.
 */
export function wearFactor(condition: string): number {
  const c = Number(condition);
  if (!Number.isFinite(c)) return 1;
  return Math.min(1, Math.max(0.3, 1 - (10 - c) * 0.1));
}

/**
 * The lowest estimate a real pair of this release in this condition plausibly carries: the low
 * end of the market range, scaled for wear, then lowered once more by the range's own spread
 * (low / high). The range is the price history's span (the lowest and highest recent sales and
 * catalogue prices), so the spread is how far real sales of this release are seen to wander; a price
 * a whole spread below the cheapest real sale is outside anything the history shows. Across the
 * catalogue the spread is 1.39 to 1.98 (median 1.53), so the floor sits about 50 to 72% of the low
 * end, tighter for steady releases than for volatile ones, rather than one fixed ratio for all.
 */
export function counterfeitFloor(market: { low: number; high: number }, condition: string): number {
  const spread = market.high > 0 ? Math.min(1, market.low / market.high) : 1;
  return Math.ceil(market.low * wearFactor(condition) * spread);
}

/**
 * The member's estimate against the market range. Critical, weight 15: a price far below market
 * is the classic counterfeit signal ("too good to be true"). Without any market reference the
 * price cannot be vouched for, which only lowers the score. An estimate above the range is
 * optimism, not a sign of a fake, so it passes.
 */
export const valuePlausibilityCheck: VerificationCheck = {
  name: 'valuePlausibility',
  weight: 15,
  critical: true,
  run({ listing, market }) {
    const observed = `estimate ${dollars(listing.estimatedValueCents)} (condition ${listing.condition}/10)`;
    if (!market) {
      return {
        passed: false,
        vetoes: false,
        evidence: { observed, expected: 'a market price', summary: 'No market data to compare the price with.' },
      };
    }
    const floor = counterfeitFloor(market, listing.condition);
    const expected = `market ${dollars(market.marketPrice)} (range ${dollars(market.low)} to ${dollars(market.high)}), at least ${dollars(floor)} in this condition`;
    if (listing.estimatedValueCents < floor) {
      return {
        passed: false,
        evidence: { observed, expected, summary: 'Priced far below the market, below anything real pairs sell for: a common sign of a replica.' },
      };
    }
    const where = listing.estimatedValueCents < market.low ? 'a little below' : listing.estimatedValueCents > market.high ? 'above' : 'within';
    return { passed: true, evidence: { observed, expected, summary: `The estimate is ${where} the market range.` } };
  },
};
