import { PORTFOLIO_PERIOD_DAYS } from '@soleswap/contracts/analytics';
import type { PortfolioAnalytics, PortfolioPeriod } from '@soleswap/contracts/analytics';
import type { AppContext } from '../../../context';
import { computePortfolioAnalytics } from './compute-portfolio-analytics';
import { findCollectionSneakers, findCollectionSnapshots, type CollectionSneaker } from './portfolio.repository';
import { dayGrid } from './portfolio-series';
import { requirePremiumMember } from './require-premium-member';

export interface PortfolioWithCollection {
  analytics: PortfolioAnalytics;
  sneakers: CollectionSneaker[];
}

/**
 * The figures and the sneakers they were computed from. Reads a fixed number of statements
 * whatever the collection's size: the member, their sneakers, and one set-based read of the
 * snapshots that the period needs.
 */
export async function loadPortfolio(
  ctx: AppContext,
  { userId, period }: { userId: string; period: PortfolioPeriod },
): Promise<PortfolioWithCollection> {
  await requirePremiumMember(ctx, userId);
  const now = ctx.now();
  // The first day of the series starts at midnight UTC; its value is the last price by its end,
  // which the snapshots from midnight on plus the last one before midnight decide.
  const from = new Date(`${dayGrid(now, PORTFOLIO_PERIOD_DAYS[period]).dates[0]}T00:00:00.000Z`);
  const sneakers = await findCollectionSneakers(ctx.db, userId);
  const snapshots = sneakers.length > 0 ? await findCollectionSnapshots(ctx.db, { sneakerIds: sneakers.map((s) => s.id), from, to: now }) : [];
  return { analytics: computePortfolioAnalytics({ sneakers, snapshots, period, now }), sneakers };
}

/** GET /api/analytics/portfolio: premium members' figures over the period, or an explicit empty state. */
export async function getPortfolioAnalytics(ctx: AppContext, input: { userId: string; period: PortfolioPeriod }): Promise<PortfolioAnalytics> {
  return (await loadPortfolio(ctx, input)).analytics;
}
