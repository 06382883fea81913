import { PORTFOLIO_PERIOD_DAYS } from '@soleswap/contracts/analytics';
import type { PortfolioAnalytics, PortfolioPeriod, SneakerMove } from '@soleswap/contracts/analytics';
import {
  brandFigures,
  compareMoves,
  dailyReturns,
  diversificationScore,
  portfolioGrowth,
  riskScore,
  sneakerMove,
  topPerformer,
} from './portfolio-formulas';
import type { PricedSneaker } from './portfolio-formulas';
import { dailyValues, dayGrid } from './portfolio-series';
import type { PortfolioSneaker, PriceSnapshot } from './portfolio-series';
import { valuePair, type PairValuation } from './portfolio-valuation';

export interface PortfolioInput {
  /** The member's sneakers now; pairs traded away or deleted are not part of the portfolio. */
  sneakers: readonly PortfolioSneaker[];
  /** Their price snapshots; snapshots of other sneakers and after `now` are ignored. */
  snapshots: readonly PriceSnapshot[];
  period: PortfolioPeriod;
  now: Date;
}

const publicMove = ({ baselineDay: _baselineDay, ...move }: PricedSneaker): SneakerMove => move;

const valuationOf = (s: PortfolioSneaker): PairValuation | null =>
  s.condition !== undefined && s.estimatedValueCents !== undefined
    ? valuePair({ condition: s.condition, estimatedValueCents: s.estimatedValueCents, marketPriceCents: s.marketPriceCents ?? null })
    : null;

/**
 * Every figure of the portfolio page from the member's sneakers and their price history. A pair
 * valued at the market has its market prices scaled by its condition (they are deadstock
 * prices). A collection with no recorded price yet is valued now from what is known (valuePair),
 * so a new member sees its worth at once, with no change. With an empty locker the answer is
 * explicitly empty: no figure is ever made up.
 */
export function computePortfolioAnalytics(input: PortfolioInput): PortfolioAnalytics {
  const { sneakers, period, now } = input;
  for (const s of input.snapshots) {
    if (!Number.isSafeInteger(s.valueCents) || s.valueCents < 0) {
      throw new RangeError(`A price snapshot must be whole, non-negative cents, got ${s.valueCents}`);
    }
  }
  const common = { period, asOf: now.toISOString() };
  const grid = dayGrid(now, PORTFOLIO_PERIOD_DAYS[period]);

  const snapshotsBySneaker = new Map<number, PriceSnapshot[]>(sneakers.map((s) => [s.id, []]));
  for (const snapshot of input.snapshots) snapshotsBySneaker.get(snapshot.sneakerId)?.push(snapshot);

  const priced: Array<{ move: PricedSneaker; values: Array<number | null> }> = [];
  const hasPriceHistory = sneakers.some((s) => (snapshotsBySneaker.get(s.id)?.length ?? 0) > 0);
  let includesDemoHistory = false;
  for (const sneaker of sneakers) {
    const valuation = valuationOf(sneaker);
    let own = snapshotsBySneaker.get(sneaker.id) ?? [];
    includesDemoHistory ||= own.some((s) => s.source === 'demo');
    if (valuation && valuation.factor !== 1) own = own.map((s) => ({ ...s, valueCents: Math.round(s.valueCents * valuation.factor) }));
    // Before the first daily snapshot, every pair is valued now; once history exists, a pair
    // joins from its first snapshot (the hourly job takes one of each new listing the same day).
    if (valuation && !hasPriceHistory) own = [{ sneakerId: sneaker.id, takenAt: now, valueCents: valuation.valueCents }];
    const values = dailyValues(own, grid);
    const move = sneakerMove(sneaker, values);
    if (move) priced.push({ move: valuation ? { ...move, valueSource: valuation.source } : move, values });
  }
  if (priced.length === 0) return { ...common, state: 'empty', totalItems: sneakers.length };

  const moves = priced.map((p) => p.move);
  const totalValueCents = moves.reduce((sum, m) => sum + m.valueCents, 0);
  const best = topPerformer(moves, grid.dates.length - 1);
  return {
    ...common,
    state: 'ready',
    periodStart: grid.dates[0]!,
    totalValueCents,
    totalItems: sneakers.length,
    valuedItems: moves.length,
    averageValueCents: Math.round(totalValueCents / moves.length),
    growth: portfolioGrowth(moves),
    topPerformer: best ? publicMove(best) : null,
    riskScore: riskScore(
      dailyReturns(priced.map((p) => p.values)),
      moves.map((m) => m.valueCents),
    ),
    diversificationScore: diversificationScore(moves),
    brands: brandFigures(moves),
    series: grid.dates.map((date, day) => ({
      date,
      valueCents: priced.reduce((sum, p) => sum + (p.values[day] ?? 0), 0),
    })),
    movers: moves.map(publicMove).sort(compareMoves),
    valueSources: {
      market: moves.filter((m) => m.valueSource === 'market').length,
      estimate: moves.filter((m) => m.valueSource === 'estimate').length,
    },
    hasPriceHistory,
    includesDemoHistory,
  };
}
