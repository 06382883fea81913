import { dollars } from '../money-format';
import type { MarketQuote } from '../market-data-source';
import type { ListingFacts, VerificationCheck } from '../types';
import { readListingClaims } from '../wording/listing-claims';
import { listingText } from '../wording/listing-text';

/**
 * Market prices are deadstock prices; each point of condition under 10 takes a tenth off what a
 * worn pair fetches (down to 30%), as the portfolio valuation counts it.
 */
export function wearFactor(condition: string | number): number {
  const c = Number(condition);
  if (!Number.isFinite(c)) return 1;
  return Math.min(1, Math.max(0.3, 1 - (10 - c) * 0.1));
}

/**
 * How far under the wear-scaled market price a real pair in this condition may still be priced:
 * 70% for deadstock (a new pair is the same goods as every other new pair, and sells within its
 * range), five points more leeway for each point of wear, down to 45% (a worn pair's price depends
 * on wear judged by eye and on a seller's haste, so real prices spread widely).
 */
export function floorShare(condition: string | number): number {
  const c = Number(condition);
  if (!Number.isFinite(c)) return 0.7;
  return Math.min(0.7, Math.max(0.45, 0.7 - (10 - c) * 0.05));
}

/**
 * The lowest estimate a real pair in this condition plausibly carries: the market price scaled
 * for wear, times the condition's floor share. Deadstock 70% of market; condition 9: 58.5%;
 * 7: 38.5%; 5: 22.5%.
 */
export function counterfeitFloor(market: Pick<MarketQuote, 'marketPrice'>, condition: string | number): number {
  return Math.ceil(market.marketPrice * wearFactor(condition) * floorShare(condition));
}

/** Below this share of the condition's own range low (the market's low end scaled for wear) a price is "well under" it: a weak sign. */
export const WELL_UNDER_SHARE = 0.9;

/** The condition a price is judged in: the one the member picked, or deadstock when the words say so ("brand new, DS"). */
export function pricedCondition(listing: Pick<ListingFacts, 'condition' | 'name' | 'model' | 'colorway' | 'styleCode' | 'description'>): {
  condition: number;
  claim: string | null;
} {
  const picked = Number(listing.condition);
  const claim = readListingClaims(listingText(listing)).deadstock;
  if (claim && !(picked >= 10)) return { condition: 10, claim };
  return { condition: Number.isFinite(picked) ? picked : 10, claim: null };
}

export type PriceBand = 'belowFloor' | 'wellUnder' | 'fair';

/** Where the estimate falls for its condition: under the floor (a veto), well under the condition's range (a weak sign), or fair. */
export function priceBand(
  listing: ListingFacts,
  market: MarketQuote,
): { band: PriceBand; floor: number; conditionLow: number; condition: number; claim: string | null } {
  const { condition, claim } = pricedCondition(listing);
  const floor = counterfeitFloor(market, condition);
  const conditionLow = Math.round(market.low * wearFactor(condition));
  const estimate = listing.estimatedValueCents;
  const band: PriceBand = estimate < floor ? 'belowFloor' : estimate < conditionLow * WELL_UNDER_SHARE ? 'wellUnder' : 'fair';
  return { band, floor, conditionLow, condition, claim };
}

/**
 * The member's estimate against the market range for the pair's condition. Critical, weight 15:
 * a price far below market is the classic counterfeit signal ("too good to be true"). A pair the
 * words call deadstock is priced as deadstock whatever condition was picked. Without any market
 * reference the price cannot be vouched for, which only lowers the score. An estimate above the
 * range is optimism, not a sign of a fake, so it passes.
 */
export const valuePlausibilityCheck: VerificationCheck = {
  name: 'valuePlausibility',
  weight: 15,
  critical: true,
  run({ listing, market }) {
    const { condition, claim } = pricedCondition(listing);
    const described = claim ? `, described as "${claim}"` : '';
    const observed = `estimate ${dollars(listing.estimatedValueCents)} (condition ${listing.condition}/10${described})`;
    if (!market) {
      return {
        passed: false,
        vetoes: false,
        evidence: { observed, expected: 'a market price', summary: 'No market data to compare the price with.' },
      };
    }
    const { band, floor } = priceBand(listing, market);
    const inCondition = claim ? 'as deadstock' : 'in this condition';
    const expected = `market ${dollars(market.marketPrice)} (range ${dollars(market.low)} to ${dollars(market.high)}), at least ${dollars(floor)} ${inCondition}`;
    if (band === 'belowFloor') {
      const summary = claim
        ? `Priced far below what a deadstock pair sells for, though the listing calls it "${claim}": a common sign of a replica.`
        : 'Priced far below the market, below anything real pairs sell for: a common sign of a replica.';
      return { passed: false, evidence: { observed, expected, summary } };
    }
    const low = market.low * wearFactor(condition);
    const high = market.high * wearFactor(condition);
    const where = listing.estimatedValueCents < low ? 'below' : listing.estimatedValueCents > high ? 'above' : 'within';
    return { passed: true, evidence: { observed, expected, summary: `The estimate is ${where} the market range for condition ${condition}/10.` } };
  },
};
