import type { Want } from '@soleswap/contracts/wants';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { findMyWants } from './find-my-wants';
import { lockMembers } from '../users/member-records';
import { refreshMemberMatches } from './refresh-member-matches';
import { setRanks, wantIdsOf } from './wants.repository';

/**
 * Ranks the member's wants in the order given, first choice first. The list must hold every one
 * of their wants exactly once, so a stale page cannot silently drop or duplicate a rank.
 */
export async function reorderWants(ctx: AppContext, { userId, ids }: { userId: string; ids: number[] }): Promise<Want[]> {
  await ctx.db.transaction(async (tx) => {
    await lockMembers(tx, [userId]);
    const current = await wantIdsOf(tx, userId);
    const same = current.length === ids.length && ids.every((id) => current.includes(id));
    if (!same) {
      throw new AppError('VALIDATION_FAILED', 'Send every one of your wants once, in the new order (reload the page)', {
        fields: { ids: 'Must list each of your wants exactly once' },
      });
    }
    await setRanks(tx, userId, ids, ctx.now());
  });
  // Ranks weigh in each match's order, for both sides.
  await refreshMemberMatches(ctx, { userId });
  return findMyWants(ctx, { userId });
}
