import { describe, expect, it } from 'vitest';
import { conditionFactor, valuePair } from './portfolio-valuation';

describe('valuing a pair before it has price history', () => {
  it('takes a tenth off the deadstock market price per condition point below 10, never more than 70%', () => {
    expect(conditionFactor('10')).toBe(1);
    expect(conditionFactor('9.5')).toBeCloseTo(0.95);
    expect(conditionFactor('8')).toBeCloseTo(0.8);
    expect(conditionFactor('1')).toBe(0.3);
  });

  it('uses the market price adjusted for condition when linked, else the owner’s estimate as given', () => {
    expect(valuePair({ condition: '9', estimatedValueCents: 15000, marketPriceCents: 20000 })).toEqual({
      source: 'market',
      factor: 0.9,
      valueCents: 18000,
    });
    expect(valuePair({ condition: '6', estimatedValueCents: 25000, marketPriceCents: null })).toEqual({
      source: 'estimate',
      factor: 1,
      valueCents: 25000,
    });
  });
});
