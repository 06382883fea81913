import { DAY_MS } from '@soleswap/contracts/time';
import { PRICE_PERIOD_DAYS, type PriceHistory, type PricePeriod } from '@soleswap/contracts/catalog';
import type { User } from '@soleswap/contracts/users';
import type { AppContext } from '../../context';
import { getVisibleSneaker } from '../sneakers/get-sneaker';
import { findReleaseSnapshots, findSneakerSnapshots, type SnapshotRow } from './price-history.repository';

/** The middle price (the mean of the two middle ones for an even count), in cents. */
export function medianCents(cents: number[]): number | null {
  if (cents.length === 0) return null;
  const sorted = [...cents].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}

const money = (cents: number | null) => (cents === null ? null : `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`);

export function summarize(rows: SnapshotRow[], period: PricePeriod, basis: PriceHistory['basis']): PriceHistory {
  const cents = rows.map((r) => Math.round(Number(r.price) * 100));
  return {
    period,
    basis,
    points: rows.map((r) => ({ at: r.capturedAt.toISOString(), price: r.price, source: r.source })),
    min: money(cents.length ? Math.min(...cents) : null),
    median: money(medianCents(cents)),
    max: money(cents.length ? Math.max(...cents) : null),
  };
}

const since = (ctx: AppContext, period: PricePeriod) => new Date(ctx.now().getTime() - PRICE_PERIOD_DAYS[period] * DAY_MS);

/**
 * A sneaker's price history, for whoever may see the sneaker. A sneaker with no snapshots of its
 * own in the period (newly added) shows its catalogue release's, so the chart is not empty.
 */
export async function getSneakerPrices(
  ctx: AppContext,
  { id, viewer, period }: { id: number; viewer: User | null; period: PricePeriod },
): Promise<PriceHistory> {
  const sneaker = await getVisibleSneaker(ctx, { id, viewer });
  const own = await findSneakerSnapshots(ctx.db, id, since(ctx, period));
  if (own.length > 0 || sneaker.catalogReleaseId === null) return summarize(own, period, 'sneaker');
  return summarize(await findReleaseSnapshots(ctx.db, sneaker.catalogReleaseId, since(ctx, period)), period, 'release');
}

/** A catalogue release's price history (the catalogue module checks the release exists). */
export async function releasePriceHistory(ctx: AppContext, { id, period }: { id: number; period: PricePeriod }): Promise<PriceHistory> {
  return summarize(await findReleaseSnapshots(ctx.db, id, since(ctx, period)), period, 'release');
}
