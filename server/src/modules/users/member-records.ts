import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import * as members from './member-records.repository';

/**
 * What other modules may read and change on members (the users module owns the table). Every
 * function takes the caller's `db` or transaction; the readers take many ids at once, so a page
 * costs one query whatever its length.
 */

/** The public part of a member a trade card shows (names, picture, reputation, completed trades). */
export type MemberCardRow = members.MemberCardRow;

/** What lists show of each member (memberSummaryColumns), by id. */
export async function findMemberSummaries(db: Db, ids: string[]) {
  return members.findMemberSummaries(db, ids);
}

/** The members' trade cards, by id. */
export async function findMemberCards(db: Db, ids: string[]): Promise<MemberCardRow[]> {
  return members.findMemberCards(db, ids);
}

/** How long a member has been here and how they trade (the verifier's owner-history check); null when there is no such member. */
export async function findMemberStanding(db: Db, id: string) {
  return members.findMemberStanding(db, id);
}

/** What the admins' moderation queue shows of each member, suspension included, by id. */
export async function findModeratedMembers(db: Db, ids: string[]) {
  return members.findModeratedMembers(db, ids);
}

/** Whether the member exists. */
export async function memberExists(db: Db, id: string): Promise<boolean> {
  return members.memberExists(db, id);
}

/** Each member's username (null when not chosen yet), by id. */
export async function findUsernameRows(db: Db, ids: string[]) {
  return members.findUsernameRows(db, ids);
}

/** Each member's e-mail address (null when none), username and suspension, by id: whom a notice may be e-mailed to. */
export async function findMailRecipients(db: Db, ids: string[]) {
  return members.findMailRecipients(db, ids);
}

/** How many members there are. */
export async function countMembers(db: Db): Promise<number> {
  return members.countMembers(db);
}

/** The id of the member with this e-mail, created with these values if missing; an existing account is never changed. */
export async function ensureMemberByEmail(
  db: Db,
  values: { email: string; username: string; firstName: string; lastName: string; bio: string; createdAt: Date },
): Promise<string> {
  return members.ensureMemberByEmail(db, values);
}

/**
 * Adds one completed trade to each member's count. Locks the members first, in id order, so two
 * completions touching the same members cannot deadlock.
 */
export async function incrementCompletedTrades(tx: Db, userIds: string[], at: Date): Promise<void> {
  await members.lockMemberCounters(tx, userIds);
  await members.incrementTotalTrades(tx, userIds, at);
}

/**
 * Row-locks the members (in id order) until the caller's transaction ends: take it before reading
 * what a new reputation is computed from, so a rating committed meanwhile is waited for and counted.
 */
export async function lockMembers(tx: Db, userIds: string[]): Promise<void> {
  await members.lockMemberCounters(tx, userIds);
}

/** Stores the member's reputation, a decimal string with 2 places (lock the member first). */
export async function setReputation(tx: Db, userId: string, reputation: string, at: Date): Promise<void> {
  await members.updateReputation(tx, userId, reputation, at);
}

/**
 * Subquery, one row per member: the card columns (id, username, first_name, last_name,
 * profile_image_url, reputation, total_trades). For a statement that reads a page of trades (or
 * listings) with their members at once.
 */
export function memberCardsSubquery(): SQL {
  return members.memberCardsSubquery();
}
