import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import * as follows from './follow-records.repository';

/** What other modules may read on follows (the follows module owns the table). */

/** How many members follow the member, and how many they follow. */
export async function countFollowsOf(db: Db, userId: string): Promise<{ followerCount: number; followingCount: number }> {
  return follows.countFollowsOf(db, userId);
}

/**
 * Subquery, one row per member following `followingId`: (follower_id). For a statement that
 * writes something to each of them (a notification per follower).
 */
export function followersSubquery(followingId: string): SQL {
  return follows.followersSubquery(followingId);
}
