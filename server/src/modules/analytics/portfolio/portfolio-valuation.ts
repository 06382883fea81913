import type { ValueSource } from '@soleswap/contracts/analytics';

/**
 * What a pair is worth now, from what is known before any price history: the market price of
 * its catalogue release, which is a deadstock price, adjusted for the pair's condition; else the
 * owner's own estimate, which already reflects its condition.
 */

/** Condition 10 (deadstock) keeps the whole market price; each point below takes off a tenth, to at most 70% off. */
export function conditionFactor(condition: string | number): number {
  const c = Number(condition);
  if (!Number.isFinite(c)) return 1;
  return Math.min(1, Math.max(0.3, 1 - (10 - c) * 0.1));
}

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
