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

export interface PortfolioInput {
  /** The member's sneakers now; pairs traded away or deleted are not part of the portfolio. */
  sneakers: readonly PortfolioSneaker[];
  /** Their price snapshots; snapshots of other sneakers and after `now` are ignored. */
  snapshots: readonly PriceSnapshot[];
  period: PortfolioPeriod;
  now: Date;
}

const publicMove = ({ baselineDay: _baselineDay, ...move }: PricedSneaker): SneakerMove => move;

/**
 * Every figure of the portfolio page from the member's sneakers and their price history. With no
 * priced sneaker the answer is explicitly empty: no figure is ever made up.
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
  for (const sneaker of sneakers) {
    const values = dailyValues(snapshotsBySneaker.get(sneaker.id) ?? [], grid);
    const move = sneakerMove(sneaker, values);
    if (move) priced.push({ move, values });
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
  };
}
