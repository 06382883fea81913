import type { Db } from '../../db/client';
import { findListing as findSneakerListing } from '../sneakers/sneaker-records';
import { findUsernameRows } from '../users/member-records';

/** The name a notification shows for a member: their username, or a stand-in while they have none. */
export const shownName = (username: string | null) => username ?? 'A member';

/** Usernames for the names a notification shows (someone deleted is left out). */
export async function findUsernames(db: Db, ids: string[]): Promise<Map<string, string>> {
  const rows = await findUsernameRows(db, ids);
  return new Map(rows.map((row) => [row.id, shownName(row.username)]));
}

/** The listing a notification names; null when it is gone. */
export async function findListing(db: Db, sneakerId: number) {
  return findSneakerListing(db, sneakerId);
}
