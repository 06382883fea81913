import { DAY_MS } from '@soleswap/contracts/time';
import { PRICE_PERIOD_DAYS, type PricePeriod, type ReleasePriceLines } from '@soleswap/contracts/catalog';
import type { AppContext } from '../../context';
import { findSnapshotsOfReleases } from './price-history.repository';

/**
 * The price lines of the releases a library page shows, in one query instead of one request per
 * card. Ids of releases without snapshots get an empty line; the catalogue module drops ids that
 * name no release before asking.
 */
export async function releasePriceLines(ctx: AppContext, { ids, period }: { ids: number[]; period: PricePeriod }): Promise<ReleasePriceLines> {
  const since = new Date(ctx.now().getTime() - PRICE_PERIOD_DAYS[period] * DAY_MS);
  const rows = await findSnapshotsOfReleases(ctx.db, ids, since);
  const byRelease = new Map(ids.map((id) => [id, [] as ReleasePriceLines['lines'][number]['points']]));
  for (const row of rows) byRelease.get(row.releaseId)?.push({ at: row.capturedAt.toISOString(), price: row.price, source: row.source });
  return { period, lines: ids.map((releaseId) => ({ releaseId, points: byRelease.get(releaseId) ?? [] })) };
}
