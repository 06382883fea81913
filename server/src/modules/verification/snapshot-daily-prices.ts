import type { AppContext } from '../../context';
import { writeDailySnapshots } from './price-history.repository';

export const DAILY_PRICES_JOB = 'prices.daily-snapshot';

/**
 * The daily price snapshot of every release and sneaker. It is scheduled hourly so a day is
 * never missed after downtime or a restart, and writes only once per UTC day.
 */
export async function snapshotDailyPrices(ctx: AppContext): Promise<{ written: number }> {
  return { written: await writeDailySnapshots(ctx.db, ctx.now()) };
}
