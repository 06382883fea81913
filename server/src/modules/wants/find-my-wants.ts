import { MAX_WANTS, type Want } from '@soleswap/contracts/wants';
import type { AppContext } from '../../context';
import { toWant } from './want-view';
import { countMatchingPairs, findWantsOf } from './wants.repository';

/**
 * The member's wantlist, first choice first, each with how many listed pairs fit it now. A
 * wantlist holds at most MAX_WANTS, the largest `limit`, so one page is the whole list.
 */
export async function findMyWants(ctx: AppContext, { userId, limit = MAX_WANTS }: { userId: string; limit?: number }): Promise<Want[]> {
  const [rows, counts] = await Promise.all([findWantsOf(ctx.db, userId, limit), countMatchingPairs(ctx.db, userId)]);
  return rows.map((row) => toWant(row, counts.get(row.id) ?? 0));
}
