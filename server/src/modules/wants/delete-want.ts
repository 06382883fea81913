import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { lockMembers } from '../users/member-records';
import { refreshMemberMatches } from './refresh-member-matches';
import { deleteWantRow, lockWantOf, setRanks, wantIdsOf } from './wants.repository';

/** Removes one of the member's wants (others': 404); the rest keep their order, ranked 1..n again. */
export async function deleteWant(ctx: AppContext, { userId, wantId }: { userId: string; wantId: number }): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockMembers(tx, [userId]);
    if (!(await lockWantOf(tx, userId, wantId))) throw notFound('Want');
    await deleteWantRow(tx, wantId);
    await setRanks(tx, userId, await wantIdsOf(tx, userId), ctx.now());
  });
  // The matches it was in go, for both sides (their ranks move too).
  await refreshMemberMatches(ctx, { userId });
}
