import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userFollows } from '../../db/schema/index';

/** Inserts the follow unless it exists; true when a row was added. */
export async function insertFollowOnce(db: Db, followerId: string, followingId: string): Promise<boolean> {
  const rows = await db
    .insert(userFollows)
    .values({ followerId, followingId })
    .onConflictDoNothing({ target: [userFollows.followerId, userFollows.followingId] })
    .returning({ id: userFollows.id });
  return rows.length > 0;
}

export async function deleteFollow(db: Db, followerId: string, followingId: string) {
  await db.delete(userFollows).where(and(eq(userFollows.followerId, followerId), eq(userFollows.followingId, followingId)));
}

export async function deleteFollowsBetween(db: Db, a: string, b: string) {
  await db
    .delete(userFollows)
    .where(
      or(and(eq(userFollows.followerId, a), eq(userFollows.followingId, b)), and(eq(userFollows.followerId, b), eq(userFollows.followingId, a))),
    );
}

export async function isFollowing(db: Db, followerId: string, followingId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: userFollows.id })
    .from(userFollows)
    .where(and(eq(userFollows.followerId, followerId), eq(userFollows.followingId, followingId)));
  return Boolean(row);
}

/**
 * One page of a member's followers (`side: 'followers'`) or of whom they follow
 * (`side: 'following'`), newest link first, one row more than `limit`. Each page is a range of
 * the (member, id desc) index; each listed member's follower count is one index count. The
 * members themselves are read by the caller, in one query for the page.
 */
export async function findFollowPage(
  db: Db,
  { userId, side, afterId, limit }: { userId: string; side: 'followers' | 'following'; afterId: number | undefined; limit: number },
) {
  const mine = side === 'followers' ? userFollows.followingId : userFollows.followerId;
  const listed = side === 'followers' ? userFollows.followerId : userFollows.followingId;
  // Qualified by hand: Drizzle writes a lone table's columns bare, which inside the subquery would mean c's.
  const listedOuter = sql.raw(`"user_follows"."${side === 'followers' ? 'follower_id' : 'following_id'}"`);
  return db
    .select({
      linkId: userFollows.id,
      followedAt: userFollows.createdAt,
      memberId: listed,
      followerCount: sql<number>`(select count(*) from user_follows c where c.following_id = ${listedOuter})`.mapWith(Number),
    })
    .from(userFollows)
    .where(and(eq(mine, userId), afterId === undefined ? undefined : lt(userFollows.id, afterId)))
    .orderBy(desc(userFollows.id))
    .limit(limit + 1);
}
