import { toCents } from './money';

/**
 * How SoleSwap values a pair (docs/rules/money.md#a-pairs-value), in integer cents: the market
 * price of its release adjusted for its condition where one is known, else the owner's estimate
 * (which already reflects the condition). Every reader values a pair with this one function: the
 * fair-value meter, protection holds, step-up, the via-authentication threshold, the portfolio and
 * the web, so a member sees one value per pair wherever it is shown.
 */

/** Where a pair's value comes from: its release's market price adjusted for condition, or the owner's estimate. */
export type PairValueSource = 'market' | 'estimate';

/** What a pair's value is read from: decimal strings (or numbers), as every sneaker view carries them. */
export interface ValuedPair {
  /** 5.0 to 10.0. */
  condition: string | number;
  /** The owner's estimate, e.g. "250.00". */
  estimatedValue: string | number;
  /** The market price of its release (a deadstock price), or null when none is known. */
  marketPrice: string | null;
}

export interface PairValue {
  source: PairValueSource;
  /** The value now, in cents. */
  valueCents: number;
}

/** Condition 10 (deadstock) keeps the whole market price; each point below takes off a tenth, to at most 70% off. */
export function conditionFactor(condition: string | number): number {
  const c = Number(condition);
  if (!Number.isFinite(c)) return 1;
  return Math.min(1, Math.max(0.3, 1 - (10 - c) * 0.1));
}

/** A pair's value and where it came from: the market price by condition, else the owner's estimate. */
export function pairValue(pair: ValuedPair): PairValue {
  if (pair.marketPrice !== null) {
    return { source: 'market', valueCents: Math.round(toCents(pair.marketPrice) * conditionFactor(pair.condition)) };
  }
  return { source: 'estimate', valueCents: toCents(String(pair.estimatedValue)) };
}

/** A pair's value in cents (pairValue without its source). */
export function pairValueCents(pair: ValuedPair): number {
  return pairValue(pair).valueCents;
}

/** What a side's pairs are worth together, in cents. */
export function pairsValueCents(pairs: readonly ValuedPair[]): number {
  return pairs.reduce((total, pair) => total + pairValueCents(pair), 0);
}

/**
 * A trade's value: the larger of its sides, each its pairs' value plus the cash it adds (cents, 0
 * when none). What the via-authentication threshold (AUTHENTICATION_REQUIRED_ABOVE_CENTS) and, with
 * the step-up reading of each pair, STEP_UP_TRADE_VALUE_CENTS compare.
 */
export function tradeValueCents(sides: ReadonlyArray<{ pairs: readonly ValuedPair[]; cashCents?: number }>): number {
  return Math.max(0, ...sides.map((side) => pairsValueCents(side.pairs) + (side.cashCents ?? 0)));
}

/**
 * A pair as step-up values it (issue #39): the highest pairValue it had in the last
 * STEP_UP_WINDOW_MINUTES, now or with an estimate and condition its owner replaced since (`replaced`;
 * a null condition is read as the pair's condition now), so lowering either just before proposing
 * does not take the trade under the threshold.
 */
export function stepUpPairValueCents(
  pair: ValuedPair,
  replaced: ReadonlyArray<{ estimatedValue: string | number; condition: string | number | null }> = [],
): number {
  return Math.max(
    pairValueCents(pair),
    ...replaced.map((before) => pairValueCents({ ...pair, estimatedValue: before.estimatedValue, condition: before.condition ?? pair.condition })),
  );
}
