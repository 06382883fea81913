import { PORTFOLIO_PERIOD_DAYS } from '@soleswap/contracts/analytics';
import type { PortfolioAnalytics, PortfolioPeriod } from '@soleswap/contracts/analytics';
import type { AppContext } from '../../../context';
import { computePortfolioAnalytics } from './compute-portfolio-analytics';
import { PortfolioMemo, portfolioMemoOf } from './portfolio-memo';
import { findCollectionSneakers, findCollectionSnapshots, findPortfolioStamp, type CollectionSneaker } from './portfolio.repository';
import { dayGrid, type PriceSnapshot } from './portfolio-series';
import { isPremiumMember, premiumRequired, requirePremiumMember } from './require-premium-member';

export interface PortfolioWithCollection {
  analytics: PortfolioAnalytics;
  sneakers: CollectionSneaker[];
}

/**
 * The member's sneakers and the snapshots the period needs: every snapshot from the period's
 * first midnight on (those after `now` too, which the figures ignore), plus each pair's last one
 * before it. Two statements whatever the collection's size.
 */
async function readCollection(ctx: AppContext, { userId, period, now }: { userId: string; period: PortfolioPeriod; now: Date }) {
  // The first day of the series starts at midnight UTC; its value is the last price by its end,
  // which the snapshots from midnight on plus the last one before midnight decide.
  const from = new Date(`${dayGrid(now, PORTFOLIO_PERIOD_DAYS[period]).dates[0]}T00:00:00.000Z`);
  const sneakers = await findCollectionSneakers(ctx.db, userId);
  const snapshots: PriceSnapshot[] =
    sneakers.length > 0 ? await findCollectionSnapshots(ctx.db, { sneakerIds: sneakers.map((s) => s.id), from }) : [];
  return { sneakers, snapshots };
}

/** The figures and the sneakers they were computed from (the CSV export lists the sneakers). */
export async function loadPortfolio(
  ctx: AppContext,
  { userId, period }: { userId: string; period: PortfolioPeriod },
): Promise<PortfolioWithCollection> {
  await requirePremiumMember(ctx, userId);
  const now = ctx.now();
  const { sneakers, snapshots } = await readCollection(ctx, { userId, period, now });
  return { analytics: computePortfolioAnalytics({ sneakers, snapshots, period, now }), sneakers };
}

/**
 * GET /api/analytics/portfolio: premium members' figures over the period, or an explicit empty
 * state. One statement checks premium and stamps the member's locker and the prices; figures
 * computed under the same stamp earlier today are answered from the memo (portfolio-memo.ts),
 * otherwise two more statements read the collection and the figures are computed and kept.
 */
export async function getPortfolioAnalytics(
  ctx: AppContext,
  { userId, period }: { userId: string; period: PortfolioPeriod },
): Promise<PortfolioAnalytics> {
  const now = ctx.now();
  const stamp = await findPortfolioStamp(ctx.db, userId);
  if (!stamp || !isPremiumMember(stamp.membership, now)) throw premiumRequired();
  const memo = portfolioMemoOf(ctx.database);
  const key = PortfolioMemo.key(userId, period, stamp, now);
  const kept = memo.get(key, now);
  if (kept) return kept;
  const { sneakers, snapshots } = await readCollection(ctx, { userId, period, now });
  const analytics = computePortfolioAnalytics({ sneakers, snapshots, period, now });
  const laterSnapshot = snapshots.some((s) => s.takenAt.getTime() > now.getTime());
  if (!stamp.snapshotsBeingWritten && !laterSnapshot) memo.set(key, analytics, now);
  return analytics;
}
