import { describe, expect, it } from 'vitest';
import { buildInput } from '../test-support/build-input';
import { valuePlausibilityCheck } from './value-plausibility';

const market = { marketPrice: 25_000, low: 21_000, high: 32_000, source: 'internal' as const };
const withEstimate = (estimatedValueCents: number) => valuePlausibilityCheck.run(buildInput({ market, listing: { estimatedValueCents } }));

describe('valuePlausibility', () => {
  it('passes an estimate within, a little below or above the market range', () => {
    expect(withEstimate(24_000).evidence.summary).toBe('The estimate is within the market range.');
    expect(withEstimate(15_000).evidence.summary).toBe('The estimate is a little below the market range.');
    expect(withEstimate(50_000).passed).toBe(true);
  });

  it('fails a price under half the low end of the range, showing both sides', () => {
    const outcome = withEstimate(8_000);
    expect(outcome.passed).toBe(false);
    expect(outcome.evidence).toEqual({
      observed: 'estimate $80.00',
      expected: 'market $250.00 (range $210.00 to $320.00), at least $105.00',
      summary: 'Priced far below the market: a common sign of a replica.',
    });
    expect(withEstimate(10_500).passed).toBe(true);
  });

  it('fails without market data', () => {
    expect(valuePlausibilityCheck.run(buildInput({ market: null })).evidence.summary).toBe('No market data to compare the price with.');
  });

  it('is critical', () => {
    expect(valuePlausibilityCheck.critical).toBe(true);
  });
});
