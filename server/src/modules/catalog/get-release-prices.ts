import type { PriceHistory, PricePeriod } from '@soleswap/contracts/catalog';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { findReleaseById } from './catalog.repository';

/** How a release's price history is read; the verification module owns price snapshots and hands it in. */
export type ReleasePriceHistory = (ctx: AppContext, input: { id: number; period: PricePeriod }) => Promise<PriceHistory>;

/** A release's price history, public like the library; an unknown release is 404. */
export async function getReleasePrices(
  ctx: AppContext,
  { id, period }: { id: number; period: PricePeriod },
  releasePriceHistory: ReleasePriceHistory,
): Promise<PriceHistory> {
  if (!(await findReleaseById(ctx.db, id))) throw notFound('Release');
  return releasePriceHistory(ctx, { id, period });
}
