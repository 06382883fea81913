import type { ValueSource } from '@soleswap/contracts/analytics';
import { conditionFactor } from '@soleswap/contracts/pair-value';

/** The one condition rule, shared with every pair valuation (contracts/src/pair-value.ts). */
export { conditionFactor };

/**
 * What a pair is worth now, from what is known before any price history: the market price of
 * its catalogue release, which is a deadstock price, adjusted for the pair's condition; else the
 * owner's own estimate, which already reflects its condition.
 */

export interface PairValuation {
  source: ValueSource;
  /** Applied to market prices (1 for an estimate). */
  factor: number;
  /** The value now, in cents. */
  valueCents: number;
}

export function valuePair(pair: { condition: string; estimatedValueCents: number; marketPriceCents: number | null }): PairValuation {
  if (pair.marketPriceCents !== null) {
    const factor = conditionFactor(pair.condition);
    return { source: 'market', factor, valueCents: Math.round(pair.marketPriceCents * factor) };
  }
  return { source: 'estimate', factor: 1, valueCents: pair.estimatedValueCents };
}

/** "250.00" → 25000; null stays null. */
export function moneyToCents(value: string | null): number | null {
  return value === null ? null : Math.round(Number(value) * 100);
}
