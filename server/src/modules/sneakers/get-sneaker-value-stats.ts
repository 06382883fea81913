import type { AppContext } from '../../context';
import { sneakerValueStats } from './sneakers.repository';

/** Member sneakers in numbers, for the library's stats cards: count, verified count, mean estimated value. */
export async function getSneakerValueStats(ctx: AppContext): Promise<{ total: number; verifiedCount: number; averageValue: string | null }> {
  return sneakerValueStats(ctx.db);
}
