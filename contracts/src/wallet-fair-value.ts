import { pairValue, type PairValueSource, type ValuedPair } from './pair-value';
import { TRADE_CASH_MAX_CENTS } from './wallet';

/**
 * The fair-value meter of a proposal, a counter-offer and an acceptance (docs/rules/money.md#the-fair-value-meter):
 * what each side is worth, the gap between them and the cash that would close it. Each pair is valued
 * by the one valuation of contracts/src/pair-value.ts, as holds, step-up and the authentication
 * threshold value it.
 */

/** A side is flagged when it gives up more than this share of what it puts in (25%). */
export const FAIR_VALUE_WARNING_SHARE = 0.25;

/** How a side's value was reached: every pair at market, every pair from the owner's estimate, or some of each. */
export type SideValueSource = PairValueSource | 'mixed' | 'none';

export interface SideValue {
  /** The pairs' value, cents. */
  pairsCents: number;
  /** Cash this side adds, cents. */
  cashCents: number;
  /** Pairs and cash together. */
  totalCents: number;
  source: SideValueSource;
}

export interface FairValueReading {
  /** What the viewer puts in: their pairs and the cash they add. */
  give: SideValue;
  /** What the viewer receives: the other side's pairs and the cash it adds. */
  get: SideValue;
  /** `get - give` in cents, cash included: above 0 the viewer comes out ahead. */
  gapCents: number;
  /**
   * The whole-dollar cash (cents) that would make the pairs even, and who would add it: `me` when
   * the viewer's pairs are worth less. Null when the pairs are already within a dollar.
   */
  balancingCash: { payer: 'me' | 'them'; cents: number; isAboveCap: boolean } | null;
  /** The side giving up more than FAIR_VALUE_WARNING_SHARE of what it puts in, cash included; null for none. */
  lopsidedSide: 'me' | 'them' | null;
  /** The share (0 to 1) the lopsided side gives up; 0 when neither is. */
  lopsidedShare: number;
}

function sideValue(pairs: readonly ValuedPair[], cashCents: number): SideValue {
  const values = pairs.map(pairValue);
  const pairsCents = values.reduce((sum, v) => sum + v.valueCents, 0);
  const sources = new Set(values.map((v) => v.source));
  const source: SideValueSource = sources.size === 0 ? 'none' : sources.size > 1 ? 'mixed' : [...sources][0]!;
  return { pairsCents, cashCents, totalCents: pairsCents + cashCents, source };
}

/** How much of `give` is lost when only `get` comes back (0 when nothing is lost). */
function lossShare(give: number, get: number): number {
  return give > 0 && get < give ? (give - get) / give : 0;
}

/**
 * The meter, seen from one party: `mine` are the pairs they give, `theirs` the pairs they get, with
 * each side's cash in cents.
 */
export function readFairValue(input: {
  mine: readonly ValuedPair[];
  theirs: readonly ValuedPair[];
  myCashCents?: number;
  theirCashCents?: number;
}): FairValueReading {
  const give = sideValue(input.mine, input.myCashCents ?? 0);
  const get = sideValue(input.theirs, input.theirCashCents ?? 0);
  const pairsGap = get.pairsCents - give.pairsCents;
  const wholeDollars = Math.round(Math.abs(pairsGap) / 100) * 100;
  const balancingCash =
    wholeDollars === 0
      ? null
      : { payer: pairsGap > 0 ? ('me' as const) : ('them' as const), cents: wholeDollars, isAboveCap: wholeDollars > TRADE_CASH_MAX_CENTS };
  const myLoss = lossShare(give.totalCents, get.totalCents);
  const theirLoss = lossShare(get.totalCents, give.totalCents);
  const lopsidedSide = myLoss > FAIR_VALUE_WARNING_SHARE ? 'me' : theirLoss > FAIR_VALUE_WARNING_SHARE ? 'them' : null;
  return {
    give,
    get,
    gapCents: get.totalCents - give.totalCents,
    balancingCash,
    lopsidedSide,
    lopsidedShare: lopsidedSide === 'me' ? myLoss : lopsidedSide === 'them' ? theirLoss : 0,
  };
}
