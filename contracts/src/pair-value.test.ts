import { describe, expect, it } from 'vitest';
import { conditionFactor, pairValue, pairValueCents, pairsValueCents, stepUpPairValueCents, tradeValueCents, type ValuedPair } from './pair-value';

const market = (marketPrice: string, condition: string | number = '10', estimatedValue = '1.00'): ValuedPair => ({
  condition,
  estimatedValue,
  marketPrice,
});
const estimate = (estimatedValue: string | number, condition = '8'): ValuedPair => ({ condition, estimatedValue, marketPrice: null });

describe('pairValue', () => {
  it('takes the market price adjusted for condition, a tenth off per point, at most 70% off', () => {
    expect(conditionFactor('10')).toBe(1);
    expect(conditionFactor('9.5')).toBeCloseTo(0.95);
    expect(conditionFactor('1')).toBe(0.3);
    expect(pairValue(market('200.00', '9'))).toEqual({ source: 'market', valueCents: 18000 });
    expect(pairValueCents(market('240.00', '9.5', '150.00'))).toBe(22800);
    // Worn to 5 or below keeps at least 30% of the market price.
    expect(pairValueCents(market('240.00', 3, '150.00'))).toBe(7200);
  });

  it("falls back on the owner's estimate when no market price is known, whatever the condition", () => {
    expect(pairValue(estimate('250.00', '6'))).toEqual({ source: 'estimate', valueCents: 25000 });
    expect(pairValueCents(estimate('199.99'))).toBe(19999);
  });

  it('is integer cents, never a float rounding of dollars', () => {
    // 0.29 * 100 is 28.999999999999996 in floating point; the estimate 1.15 + 1.15 + ... stays exact.
    expect(pairValueCents(estimate('0.29'))).toBe(29);
    expect(pairsValueCents([estimate('19.99'), estimate('0.29'), estimate(1.15)])).toBe(2143);
    expect(Number.isInteger(pairValueCents(market('333.33', '9.5')))).toBe(true);
  });
});

describe('tradeValueCents', () => {
  it('is the larger side, each side its pairs by the one valuation plus the cash it adds', () => {
    // The estimate says $100, the market by condition $270: the trade is worth $270, not $100.
    const mine = [market('300.00', '9', '100.00')];
    const theirs = [estimate('150.00'), estimate('50.00')];
    expect(tradeValueCents([{ pairs: mine }, { pairs: theirs }])).toBe(27000);
    expect(tradeValueCents([{ pairs: mine }, { pairs: theirs, cashCents: 10000 }])).toBe(30000);
    expect(tradeValueCents([{ pairs: [] }, { pairs: [] }])).toBe(0);
  });
});

describe('stepUpPairValueCents', () => {
  it('counts a pair valued by its estimate at the highest estimate of the last 10 minutes, so lowering it dodges nothing', () => {
    expect(stepUpPairValueCents(estimate('150.00'), [{ estimatedValue: '250.00', condition: '8' }])).toBe(25000);
    expect(stepUpPairValueCents(estimate('300.00'), [{ estimatedValue: '250.00', condition: '8' }])).toBe(30000);
    expect(stepUpPairValueCents(estimate('300.00'))).toBe(30000);
  });

  it('counts a pair with a market price at its highest market value by condition: a lowered condition dodges nothing, an estimate moves nothing', () => {
    // Deadstock (10) at $300, lowered to 5 ($150) just before proposing: still $300.
    expect(stepUpPairValueCents(market('300.00', '5', '50.00'), [{ estimatedValue: '50.00', condition: '10.0' }])).toBe(30000);
    // A change kept before the condition was recorded (null) reads the condition now.
    expect(stepUpPairValueCents(market('300.00', '10', '50.00'), [{ estimatedValue: '900.00', condition: null }])).toBe(30000);
  });
});
