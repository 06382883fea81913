import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import * as membership from './membership.repository';

/**
 * What the payments module may do to a member's membership columns, inside its own transaction
 * (the users module owns the table). Lock the member row before changing it.
 */

/** A member as the row stores it (every column). */
export type MemberRow = membership.MemberRow;
/** The columns that decide whether a member is premium now (payments' isPremiumNow reads them). */
export type MembershipColumns = membership.MembershipColumns;
/** What payments may change on a member: the membership columns and the provider's customer id. */
export type MembershipChanges = membership.MembershipChanges;

/** The member's row; null when there is no such member. */
export async function getMember(db: Db, userId: string): Promise<MemberRow | null> {
  return membership.getMember(db, userId);
}

/** The member's row, locked FOR UPDATE until the caller's transaction ends; null when there is no such member. */
export async function lockMember(tx: Db, userId: string): Promise<MemberRow | null> {
  return membership.lockMember(tx, userId);
}

/** Changes the member's membership columns (lock the member first). */
export async function updateMembership(tx: Db, userId: string, changes: MembershipChanges): Promise<void> {
  await membership.updateMembership(tx, userId, changes);
}

/** Switches premium off for every member whose paid period ended at or before `now`; returns their ids. */
export async function lapseEndedMemberships(db: Db, now: Date): Promise<string[]> {
  return membership.lapseEndedMemberships(db, now);
}

/**
 * Subquery, one row per member: (id, is_premium_member, membership_paid_at,
 * membership_period_end, membership_canceled_at, membership_ended_at). For a statement that
 * checks premium along with what it reads.
 */
export function membershipsSubquery(): SQL {
  return membership.membershipsSubquery();
}
