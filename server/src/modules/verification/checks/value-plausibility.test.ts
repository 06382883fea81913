import { describe, expect, it } from 'vitest';
import { CATALOG_RELEASES } from '../../catalog/data/releases';
import { buildInput } from '../test-support/build-input';
import { counterfeitFloor, valuePlausibilityCheck } from './value-plausibility';

const market = { marketPrice: 25_000, low: 21_000, high: 32_000, source: 'internal' as const };
const withEstimate = (estimatedValueCents: number, condition = '10') =>
  valuePlausibilityCheck.run(buildInput({ market, listing: { estimatedValueCents, condition } }));

describe('valuePlausibility', () => {
  it('passes an estimate within, a little below or above the market range', () => {
    expect(withEstimate(24_000).evidence.summary).toBe('The estimate is within the market range.');
    expect(withEstimate(15_000).evidence.summary).toBe('The estimate is a little below the market range.');
    expect(withEstimate(50_000).passed).toBe(true);
  });

  it("fails a price a whole range spread below the range's low, showing both sides", () => {
    // 210 × (210 / 320) = 137.82
    const outcome = withEstimate(13_700);
    expect(outcome.passed).toBe(false);
    expect(outcome.evidence).toEqual({
      observed: 'estimate $137.00 (condition 10/10)',
      expected: 'market $250.00 (range $210.00 to $320.00), at least $137.82 in this condition',
      summary: 'Priced far below the market, below anything real pairs sell for: a common sign of a replica.',
    });
    expect(withEstimate(13_782).passed).toBe(true);
  });

  it("fails the issue's $110 against a range of $212 to $305, which half the low end let through", () => {
    const outcome = valuePlausibilityCheck.run(
      buildInput({
        market: { marketPrice: 24_000, low: 21_200, high: 30_500, source: 'internal' },
        listing: { estimatedValueCents: 11_000, condition: '9' },
      }),
    );
    expect(outcome.passed).toBe(false);
  });

  it('allows for wear: a condition 7 pair may be estimated lower than a deadstock one', () => {
    expect(withEstimate(11_000, '10').passed).toBe(false);
    expect(withEstimate(11_000, '7').passed).toBe(true);
  });

  it("passes every catalogue release's own range low, and a worn pair at its wear-scaled low, and fails a third of the market", () => {
    for (const release of CATALOG_RELEASES) {
      const quote = { low: release.priceRangeLow * 100, high: release.priceRangeHigh * 100 };
      expect(counterfeitFloor(quote, '10')).toBeLessThan(quote.low);
      expect(counterfeitFloor(quote, '7')).toBeLessThanOrEqual(quote.low * 0.7);
      expect(counterfeitFloor(quote, '10')).toBeGreaterThan((release.marketPrice * 100) / 3);
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
