import { count, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userFollows } from '../../db/schema/index';

/** The queries other modules run on follows, through follow-records.ts. */

/** How many members follow the member, and how many they follow. */
export async function countFollowsOf(db: Db, userId: string) {
  const [[followerRow], [followingRow]] = await Promise.all([
    db.select({ n: count() }).from(userFollows).where(eq(userFollows.followingId, userId)),
    db.select({ n: count() }).from(userFollows).where(eq(userFollows.followerId, userId)),
  ]);
  return { followerCount: Number(followerRow?.n ?? 0), followingCount: Number(followingRow?.n ?? 0) };
}

/** The member's followers as a subquery of (follower_id), for a statement that writes to each of them. */
export function followersSubquery(followingId: string): SQL {
  return sql`(select follower_id from user_follows where following_id = ${followingId})`;
}
