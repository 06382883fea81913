import { and, eq } from 'drizzle-orm';
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

export async function isFollowing(db: Db, followerId: string, followingId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: userFollows.id })
    .from(userFollows)
    .where(and(eq(userFollows.followerId, followerId), eq(userFollows.followingId, followingId)));
  return Boolean(row);
}
