import type { AppContext } from '../../context';
import { writeDemoHistory } from './price-history.repository';

/** A year of made-up price history (marked demo) for the demo's sneakers and releases. */
export async function seedDemoPriceHistory(ctx: AppContext, subjects: { sneakerIds: number[]; releaseIds: number[] }): Promise<void> {
  await writeDemoHistory(ctx.db, { ...subjects, at: ctx.now() });
}
