import type { FollowEntry } from '@soleswap/contracts/follows';
import type { Page, PageQuery } from '@soleswap/contracts/users';
import type { AppContext } from '../../context';
import { getUser } from '../users/get-user';
import { findMemberSummaries } from '../users/member-records';
import { decodeIdCursor, toIdPage, toMemberSummary } from '../users/member-summary';
import { findFollowPage } from './follows.repository';

/**
 * A member's followers or the members they follow, newest first, each with their own follower
 * count (GET /api/users/:id/followers and /following). Who follows whom is public to members,
 * as the counts already are.
 */
export async function findFollows(
  ctx: AppContext,
  { userId, side, query }: { userId: string; side: 'followers' | 'following'; query: PageQuery },
): Promise<Page<FollowEntry>> {
  const afterId = decodeIdCursor(query.cursor);
  await getUser(ctx, { id: userId, viewer: null }); // 404 for an unknown member
  const rows = await findFollowPage(ctx.db, { userId, side, afterId, limit: query.limit });
  const members = new Map(
    (
      await findMemberSummaries(
        ctx.db,
        rows.map((row) => row.memberId),
      )
    ).map((m) => [m.id, m]),
  );
  return toIdPage(rows, query.limit, (row) => ({
    member: toMemberSummary(members.get(row.memberId)!),
    followerCount: row.followerCount,
    followedAt: row.followedAt.toISOString(),
  }));
}
