import type { PriceHistory, PricePeriod, ReleasePriceLines } from '@soleswap/contracts/catalog';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { findExistingReleaseIds, findReleaseById } from './catalog.repository';

/** How a release's price history is read; the verification module owns price snapshots and hands it in. */
export type ReleasePriceHistory = (ctx: AppContext, input: { id: number; period: PricePeriod }) => Promise<PriceHistory>;

/** How several releases' price lines are read, in one query; handed in by the verification module too. */
export type ReleasePriceLinesReader = (ctx: AppContext, input: { ids: number[]; period: PricePeriod }) => Promise<ReleasePriceLines>;

/** A release's price history, public like the library; an unknown release is 404. */
export async function getReleasePrices(
  ctx: AppContext,
  { id, period }: { id: number; period: PricePeriod },
  releasePriceHistory: ReleasePriceHistory,
): Promise<PriceHistory> {
  if (!(await findReleaseById(ctx.db, id))) throw notFound('Release');
  return releasePriceHistory(ctx, { id, period });
}

/** The price lines of a library page's releases; ids that name no release are left out. Public. */
export async function getReleasePriceLines(
  ctx: AppContext,
  { ids, period }: { ids: number[]; period: PricePeriod },
  readLines: ReleasePriceLinesReader,
): Promise<ReleasePriceLines> {
  const existing = await findExistingReleaseIds(ctx.db, ids);
  return readLines(ctx, { ids: ids.filter((id) => existing.has(id)), period });
}
