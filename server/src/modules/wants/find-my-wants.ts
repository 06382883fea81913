import type { Want } from '@soleswap/contracts/wants';
import type { AppContext } from '../../context';
import { toWant } from './want-view';
import { countMatchingPairs, findWantsOf } from './wants.repository';

/** The member's wantlist, first choice first, each with how many listed pairs fit it now. */
export async function findMyWants(ctx: AppContext, { userId }: { userId: string }): Promise<Want[]> {
  const [rows, counts] = await Promise.all([findWantsOf(ctx.db, userId), countMatchingPairs(ctx.db, userId)]);
  return rows.map((row) => toWant(row, counts.get(row.id) ?? 0));
}
