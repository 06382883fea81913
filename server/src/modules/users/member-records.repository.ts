import { asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { memberSummaryColumns } from './member-summary';
import { membersChanged } from './member-changes';

/**
 * The queries other modules run on the users table, through member-records.ts: reads of public
 * member data by id, and the counters, reputation and membership columns the users module keeps
 * for trades and payments.
 */

export type MemberRow = typeof users.$inferSelect;

/** The public part of a member a trade card shows. */
export interface MemberCardRow {
  id: string;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  reputation: string;
  totalTrades: number;
}

export async function findMemberSummaries(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select(memberSummaryColumns).from(users).where(inArray(users.id, ids));
}

/**
 * Every member's card columns as a subquery (id, username, first_name, last_name,
 * profile_image_url, reputation, total_trades), for a statement that reads a page of trades with
 * their counterparts at once.
 */
export function memberCardsSubquery(): SQL {
  return sql`(select id, username, first_name, last_name, profile_image_url, reputation, total_trades from users)`;
}

export async function findMemberCards(db: Db, ids: string[]): Promise<MemberCardRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      profileImageUrl: users.profileImageUrl,
      reputation: users.reputation,
      totalTrades: users.totalTrades,
    })
    .from(users)
    .where(inArray(users.id, ids));
}

/** How long a member has been here and how they trade (the verifier's owner-history check). */
export async function findMemberStanding(db: Db, id: string) {
  const [row] = await db
    .select({ createdAt: users.createdAt, totalTrades: users.totalTrades, reputation: users.reputation, isPremiumMember: users.isPremiumMember })
    .from(users)
    .where(eq(users.id, id));
  return row ?? null;
}

/** What the admins' moderation queue shows of a member, suspension included. */
export async function findModeratedMembers(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      profileImageUrl: users.profileImageUrl,
      reputation: users.reputation,
      totalTrades: users.totalTrades,
      createdAt: users.createdAt,
      suspendedAt: users.suspendedAt,
      suspendedReason: users.suspendedReason,
    })
    .from(users)
    .where(inArray(users.id, ids));
}

export async function memberExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
  return Boolean(row);
}

export async function findUsernameRows(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, ids));
}

export async function findMailRecipients(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, email: users.email, username: users.username, suspendedAt: users.suspendedAt })
    .from(users)
    .where(inArray(users.id, ids));
}

export async function countMembers(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return Number(row?.n ?? 0);
}

/** The member with this e-mail, created if missing; never changes an existing account. */
export async function ensureMemberByEmail(
  db: Db,
  values: { email: string; username: string; firstName: string; lastName: string; bio: string; createdAt: Date },
): Promise<string> {
  await db.insert(users).values(values).onConflictDoNothing({ target: users.email });
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, values.email));
  return row!.id;
}

/**
 * Row-locks the members in id order before their counters change. NO KEY UPDATE, not UPDATE:
 * it still lets other transactions insert rows that reference these members (foreign keys take
 * KEY SHARE), so a transaction holding the ledger head never waits on a member row.
 */
export async function lockMemberCounters(tx: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.select({ id: users.id }).from(users).where(inArray(users.id, ids)).orderBy(asc(users.id)).for('no key update');
}

export async function incrementTotalTrades(tx: Db, ids: string[], at: Date): Promise<void> {
  await tx
    .update(users)
    .set({ totalTrades: sql`${users.totalTrades} + 1`, updatedAt: at })
    .where(inArray(users.id, ids));
  membersChanged();
}

/** Stores a reputation (a decimal string) the trades module computed from the ratings. */
export async function updateReputation(tx: Db, userId: string, reputation: string, at: Date): Promise<void> {
  await tx.update(users).set({ reputation, updatedAt: at }).where(eq(users.id, userId));
  membersChanged();
}
