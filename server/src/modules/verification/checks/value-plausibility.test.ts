import { describe, expect, it } from 'vitest';
import { CATALOG_RELEASES } from '../../catalog/data/releases';
import { buildInput } from '../test-support/build-input';
import { counterfeitFloor, priceBand, valuePlausibilityCheck } from './value-plausibility';

const market = { marketPrice: 25_000, low: 21_000, high: 32_000, source: 'internal' as const };
const withEstimate = (estimatedValueCents: number, condition = '10', description: string | null = null) =>
  valuePlausibilityCheck.run(buildInput({ market, listing: { estimatedValueCents, condition, description } }));

describe('valuePlausibility', () => {
  it('passes an estimate within, a little below or above the range for its condition', () => {
    expect(withEstimate(24_000).evidence.summary).toBe('The estimate is within the market range for condition 10/10.');
    expect(withEstimate(18_000).evidence.summary).toBe('The estimate is below the market range for condition 10/10.');
    expect(withEstimate(50_000).passed).toBe(true);
  });

  it('fails a deadstock pair under 70% of the market, showing both sides', () => {
    // 250 × 1.0 × 0.70 = 175.00
    const outcome = withEstimate(17_499);
    expect(outcome.passed).toBe(false);
    expect(outcome.evidence).toEqual({
      observed: 'estimate $174.99 (condition 10/10)',
      expected: 'market $250.00 (range $210.00 to $320.00), at least $175.00 in this condition',
      summary: 'Priced far below the market, below anything real pairs sell for: a common sign of a replica.',
    });
    expect(withEstimate(17_500).passed).toBe(true);
  });

  it('fails a deadstock pair at 60% of the market, which the old floor (half to three quarters of the low end) let through', () => {
    expect(withEstimate(15_000).passed).toBe(false);
  });

  it('prices a pair the words call deadstock as deadstock, whatever condition was picked', () => {
    // Condition 5 at 30% of the market: fair for a worn pair, far too cheap for "brand new, deadstock".
    const outcome = withEstimate(7_500, '5', 'Brand new, deadstock, never worn.');
    expect(outcome.passed).toBe(false);
    expect(outcome.evidence.observed).toBe('estimate $75.00 (condition 5/10, described as "deadstock")');
    expect(outcome.evidence.expected).toMatch(/at least \$175\.00 as deadstock$/);
    expect(withEstimate(7_500, '5', 'Worn a lot, not deadstock, soles still fine.').passed).toBe(true);
    expect(withEstimate(7_500, '5', 'Looks like new after a deep clean.').passed).toBe(true);
  });

  it("fails the issue's $110 against a range of $212 to $305 in condition 9", () => {
    const outcome = valuePlausibilityCheck.run(
      buildInput({
        market: { marketPrice: 24_000, low: 21_200, high: 30_500, source: 'internal' },
        listing: { estimatedValueCents: 11_000, condition: '9' },
      }),
    );
    expect(outcome.passed).toBe(false);
  });

  it('gives worn pairs room to be priced low for their wear: a condition 7 pair at 40% and a condition 5 pair at a quarter of the market pass', () => {
    expect(withEstimate(11_000, '10').passed).toBe(false);
    expect(withEstimate(10_000, '7').passed).toBe(true);
    expect(withEstimate(6_000, '5').passed).toBe(true);
    expect(withEstimate(4_000, '5').passed).toBe(false);
  });

  it("tells a price well under the condition's own range (a weak sign) from a fair one and one under the floor", () => {
    const band = (estimatedValueCents: number, condition: string) =>
      priceBand(buildInput({ market, listing: { estimatedValueCents, condition } }).listing, market).band;
    // Condition 10: range low $210, "well under" below $189, floor $175.
    expect(band(19_000, '10')).toBe('fair');
    expect(band(18_000, '10')).toBe('wellUnder');
    expect(band(17_000, '10')).toBe('belowFloor');
    // Condition 7: range low $147, "well under" below $132.30, floor $96.25.
    expect(band(13_500, '7')).toBe('fair');
    expect(band(11_000, '7')).toBe('wellUnder');
  });

  it("passes every catalogue release's own range low, and a worn pair at its wear-scaled low, and fails 60% of the market new", () => {
    for (const release of CATALOG_RELEASES) {
      const quote = { marketPrice: release.marketPrice * 100, low: release.priceRangeLow * 100, high: release.priceRangeHigh * 100 };
      expect(counterfeitFloor(quote, '10')).toBeLessThan(quote.low);
      expect(counterfeitFloor(quote, '7')).toBeLessThanOrEqual(quote.low * 0.7);
      expect(counterfeitFloor(quote, '10')).toBeGreaterThan(quote.marketPrice * 0.6);
    }
  });

  it('only lowers the score without market data', () => {
    expect(valuePlausibilityCheck.run(buildInput({ market: null }))).toMatchObject({
      passed: false,
      vetoes: false,
      evidence: { summary: 'No market data to compare the price with.' },
    });
    expect(valuePlausibilityCheck.critical).toBe(true);
  });
});
