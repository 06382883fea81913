import type { PriceHistory, PricePeriod } from '@soleswap/contracts/catalog';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { releasePriceHistory } from '../verification/get-price-history';
import { findReleaseById } from './catalog.repository';

/** A release's price history, public like the library; an unknown release is 404. */
export async function getReleasePrices(ctx: AppContext, { id, period }: { id: number; period: PricePeriod }): Promise<PriceHistory> {
  if (!(await findReleaseById(ctx.db, id))) throw notFound('Release');
  return releasePriceHistory(ctx, { id, period });
}
