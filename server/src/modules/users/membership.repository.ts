import { and, eq, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { membersChanged } from './member-changes';

/** The membership columns of the users table, which the payments module changes through membership-columns.ts. */

export type MemberRow = typeof users.$inferSelect;

/** The columns that decide whether a member is premium now (payments' isPremiumNow reads them). */
export type MembershipColumns = Pick<
  MemberRow,
  'isPremiumMember' | 'membershipPaidAt' | 'membershipPeriodEnd' | 'membershipCanceledAt' | 'membershipEndedAt'
>;

/**
 * Every member's membership columns as a subquery (id, is_premium_member, membership_paid_at,
 * membership_period_end, membership_canceled_at, membership_ended_at), for a statement that
 * checks premium along with what it reads.
 */
export function membershipsSubquery(): SQL {
  return sql`(select id, is_premium_member, membership_paid_at, membership_period_end, membership_canceled_at, membership_ended_at from users)`;
}

export type MembershipChanges = Pick<
  Partial<typeof users.$inferInsert>,
  'isPremiumMember' | 'membershipPaidAt' | 'membershipPeriodEnd' | 'membershipCanceledAt' | 'membershipEndedAt' | 'paymentCustomerId'
>;

export async function lockMember(db: Db, userId: string): Promise<MemberRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).for('update');
  return row ?? null;
}

export async function getMember(db: Db, userId: string): Promise<MemberRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row ?? null;
}

export async function updateMembership(db: Db, userId: string, changes: MembershipChanges): Promise<void> {
  await db.update(users).set(changes).where(eq(users.id, userId));
  membersChanged();
}

/** Switches premium off for every member whose paid period ended at or before `now`; returns their ids. */
export async function lapseEndedMemberships(db: Db, now: Date): Promise<string[]> {
  const rows = await db
    .update(users)
    .set({ isPremiumMember: false })
    .where(and(eq(users.isPremiumMember, true), isNotNull(users.membershipPeriodEnd), lte(users.membershipPeriodEnd, now)))
    .returning({ id: users.id });
  if (rows.length > 0) membersChanged();
  return rows.map((r) => r.id);
}
