import type { Db } from '../../db/client';
import { incrementTotalTrades, lockMemberCounters, updateReputation } from './member-records.repository';

/**
 * What other modules may read and change on members (the users module owns the table). Every
 * function takes the caller's `db` or transaction; the readers take many ids at once, so a page
 * costs one query whatever its length.
 */
export {
  countMembers,
  ensureMemberByEmail,
  findMemberCards,
  findMemberStanding,
  findMemberSummaries,
  findModeratedMembers,
  findOwnerCards,
  findUsernameRows,
  memberCardsSubquery,
  memberExists,
  type MemberCardRow,
} from './member-records.repository';

/**
 * Adds one completed trade to each member's count. Locks the members first, in id order, so two
 * completions touching the same members cannot deadlock.
 */
export async function incrementCompletedTrades(tx: Db, userIds: string[], at: Date): Promise<void> {
  await lockMemberCounters(tx, userIds);
  await incrementTotalTrades(tx, userIds, at);
}

/**
 * Row-locks the members (in id order) until the caller's transaction ends: take it before reading
 * what a new reputation is computed from, so a rating committed meanwhile is waited for and counted.
 */
export async function lockMembers(tx: Db, userIds: string[]): Promise<void> {
  await lockMemberCounters(tx, userIds);
}

/** Stores the member's reputation, a decimal string with 2 places (lock the member first). */
export async function setReputation(tx: Db, userId: string, reputation: string, at: Date): Promise<void> {
  await updateReputation(tx, userId, reputation, at);
}
