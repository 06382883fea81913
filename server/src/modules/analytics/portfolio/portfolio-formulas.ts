import { TOP_PERFORMER_MIN_HISTORY_DAYS } from '@soleswap/contracts/analytics';
import type { BrandFigure, SneakerMove, Trend } from '@soleswap/contracts/analytics';
import type { PortfolioSneaker } from './portfolio-series';

/**
 * The portfolio figures, each a small pure function over integer cents. Percentages are rounded
 * to two decimals, half away from zero; scores are whole numbers from 0 to 100.
 */

/** 100 × part / whole, two decimals; null without a base to divide by. */
export function percentOf(part: number, whole: number): number | null {
  if (whole <= 0) return null;
  const hundredths = Math.round((Math.abs(part) * 10_000) / whole);
  return (Math.sign(part) * hundredths) / 100 || 0;
}

const trendOf = (changeCents: number): Trend => (changeCents > 0 ? 'up' : changeCents < 0 ? 'down' : 'flat');

/** A priced sneaker over the period, with the day its baseline was read. */
export interface PricedSneaker extends SneakerMove {
  /** Index in the day grid of the baseline (0 when held at the period start). */
  baselineDay: number;
}

/**
 * A sneaker's move over the grid: from its value on the first day, or from its first price when
 * that comes later (it was added during the period), to its value today. Null when it has no
 * price by today.
 */
export function sneakerMove(sneaker: PortfolioSneaker, values: ReadonlyArray<number | null>): PricedSneaker | null {
  const baselineDay = values.findIndex((v) => v !== null);
  const valueCents = values.at(-1);
  if (baselineDay < 0 || valueCents == null) return null;
  const baselineCents = values[baselineDay]!;
  const changeCents = valueCents - baselineCents;
  return {
    sneakerId: sneaker.id,
    name: sneaker.name,
    brand: sneaker.brand,
    baselineCents,
    valueCents,
    changeCents,
    changePercent: percentOf(changeCents, baselineCents),
    isAddedDuringPeriod: baselineDay > 0,
    baselineDay,
  };
}

/** Growth of the whole portfolio: today's value against the sum of baselines. */
export function portfolioGrowth(moves: readonly SneakerMove[]) {
  const baselineCents = moves.reduce((sum, m) => sum + m.baselineCents, 0);
  const valueCents = moves.reduce((sum, m) => sum + m.valueCents, 0);
  const changeCents = valueCents - baselineCents;
  return { baselineCents, changeCents, changePercent: percentOf(changeCents, baselineCents) };
}

/**
 * Biggest movers first: percent gain, then cents gained, then id, so the order never depends on
 * the input order. A move without a percentage (baseline $0) sorts last.
 */
export function compareMoves(a: SneakerMove, b: SneakerMove): number {
  const pa = a.changePercent ?? Number.NEGATIVE_INFINITY;
  const pb = b.changePercent ?? Number.NEGATIVE_INFINITY;
  return pb - pa || b.changeCents - a.changeCents || a.sneakerId - b.sneakerId;
}

/**
 * The sneaker with the largest positive percent gain, among those with at least
 * TOP_PERFORMER_MIN_HISTORY_DAYS days between their baseline and today, so a pair priced
 * yesterday cannot top the list on one lucky price. Null when nothing qualifying gained.
 * `lastDay` is the grid index of today.
 */
export function topPerformer(moves: readonly PricedSneaker[], lastDay: number): PricedSneaker | null {
  const candidates = moves
    .filter((m) => lastDay - m.baselineDay >= TOP_PERFORMER_MIN_HISTORY_DAYS)
    .filter((m) => m.changePercent !== null && m.changePercent > 0)
    .sort(compareMoves);
  return candidates[0] ?? null;
}

/**
 * Day-over-day returns of the portfolio. Each return compares only the sneakers priced on both
 * days, so adding a pair is not a "return": r = Σ today / Σ yesterday − 1 over that set. Days
 * where that set is worth $0 give no return.
 */
export function dailyReturns(valuesBySneaker: ReadonlyArray<ReadonlyArray<number | null>>): number[] {
  const days = valuesBySneaker[0]?.length ?? 0;
  const returns: number[] = [];
  for (let day = 1; day < days; day += 1) {
    let before = 0;
    let after = 0;
    for (const values of valuesBySneaker) {
      const a = values[day - 1];
      const b = values[day];
      if (a == null || b == null) continue;
      before += a;
      after += b;
    }
    if (before > 0) returns.push(after / before - 1);
  }
  return returns;
}

/** Population standard deviation; 0 for fewer than two values (no spread can be seen). */
export function standardDeviation(values: readonly number[]): number {
  if (values.length < 2) return 0;
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  return Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / values.length);
}

/** Herfindahl–Hirschman index: Σ share², from 1/n (n equal parts) to 1 (one part holds everything). */
export function herfindahl(values: readonly number[]): number {
  const total = values.reduce((s, v) => s + v, 0);
  if (total <= 0) return values.length === 0 ? 0 : 1 / values.length;
  return values.reduce((s, v) => s + (v / total) ** 2, 0);
}

/** A daily volatility of 5% (σ of day-over-day returns) or more is as risky as the score goes. */
export const DAILY_VOLATILITY_CAP = 0.05;

/**
 * Risk score, 0 to 100:
 *   volatility    = min(1, σ(daily returns) / DAILY_VOLATILITY_CAP)
 *   concentration = HHI of today's values by sneaker (Σ share²; 1 for a single pair, 1/n for n equal pairs)
 *   risk          = round(100 × (volatility + concentration) / 2)
 * Half of it is how much prices swing, half how much rides on a few pairs.
 */
export function riskScore(returns: readonly number[], currentValues: readonly number[]): number {
  const volatility = Math.min(1, standardDeviation(returns) / DAILY_VOLATILITY_CAP);
  const concentration = herfindahl(currentValues);
  return Math.round((100 * (volatility + concentration)) / 2);
}

/** 100 × (1 − HHI of today's values by brand): 0 for a single brand, towards 100 across many equal brands. */
export function diversificationScore(moves: readonly SneakerMove[]): number {
  const byBrand = new Map<string, number>();
  for (const m of moves) byBrand.set(m.brand, (byBrand.get(m.brand) ?? 0) + m.valueCents);
  return Math.round(100 * (1 - herfindahl([...byBrand.values()])));
}

/** Per brand: pairs, value, share of the portfolio, and growth from its sneakers' baselines. Largest first. */
export function brandFigures(moves: readonly SneakerMove[]): BrandFigure[] {
  const total = moves.reduce((s, m) => s + m.valueCents, 0);
  const groups = new Map<string, SneakerMove[]>();
  for (const m of moves) groups.set(m.brand, [...(groups.get(m.brand) ?? []), m]);
  return [...groups.entries()]
    .map(([brand, group]) => {
      const { baselineCents, changeCents, changePercent } = portfolioGrowth(group);
      const valueCents = baselineCents + changeCents;
      return {
        brand,
        items: group.length,
        valueCents,
        // Every share is 0 when the whole portfolio is worth $0.
        sharePercent: percentOf(valueCents, total) ?? 0,
        changeCents,
        changePercent,
        trend: trendOf(changeCents),
      };
    })
    .sort((a, b) => b.valueCents - a.valueCents || a.brand.localeCompare(b.brand));
}
