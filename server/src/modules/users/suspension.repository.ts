import { and, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { User } from '@soleswap/contracts/users';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { isUuid, toUser } from './users.repository';
import { membersChanged } from './member-changes';

export interface SuspensionState {
  id: string;
  suspendedAt: Date | null;
  suspendedReason: string | null;
}

const suspensionColumns = { id: users.id, suspendedAt: users.suspendedAt, suspendedReason: users.suspendedReason };

/**
 * The member a session belongs to, or null when they are unknown or suspended: a session must
 * never outlive a suspension, even one whose row survived the deletion of their sessions.
 */
export async function findActiveUserById(db: Db, id: string): Promise<User | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.suspendedAt)));
  return row ? toUser(row) : null;
}

/** The member's suspension, row-locked until commit so two admins act one after the other. */
export async function lockSuspension(tx: Db, id: string): Promise<SuspensionState | null> {
  if (!isUuid(id)) return null;
  const [row] = await tx.select(suspensionColumns).from(users).where(eq(users.id, id)).for('update');
  return row ?? null;
}

/** Sets or clears (both null) the member's suspension. */
export async function setSuspension(tx: Db, id: string, values: { suspendedAt: Date | null; suspendedReason: string | null; at: Date }) {
  await tx
    .update(users)
    .set({ suspendedAt: values.suspendedAt, suspendedReason: values.suspendedReason, updatedAt: values.at })
    .where(eq(users.id, id));
  membersChanged();
}

/**
 * `users.id` among these ids as one array parameter: the clearing asks about every member of the
 * market (86,555 at 1M), past the 65,535 parameters one statement may carry as a list.
 */
const anyMember = (ids: readonly string[]) => sql`${users.id} = any(${`{${ids.join(',')}}`}::uuid[])`;

/**
 * Which of these members are suspended, each row share-locked until the caller's transaction ends:
 * a suspension of one of them (which locks the row for update) waits for this work, or this
 * read waits for it and sees it.
 */
export async function findSuspendedAmongForShare(tx: Db, ids: readonly string[]): Promise<string[]> {
  const valid = [...new Set(ids)].filter(isUuid);
  if (valid.length === 0) return [];
  const rows = await tx.select({ id: users.id, suspendedAt: users.suspendedAt }).from(users).where(anyMember(valid)).orderBy(users.id).for('share');
  return rows.filter((row) => row.suspendedAt !== null).map((row) => row.id);
}

/** Which of these members are suspended (a read: nothing is written on the strength of it). */
export async function findSuspendedAmong(db: Db, ids: readonly string[]): Promise<string[]> {
  const valid = [...new Set(ids)].filter(isUuid);
  if (valid.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(anyMember(valid), isNotNull(users.suspendedAt)));
  return rows.map((row) => row.id);
}

/**
 * Every suspended member's id as one uuid[] value, for a list's statement to leave their listings
 * out in the same round trip (few rows: the partial index users_suspended_idx finds them).
 */
export function suspendedIdsArraySql(): SQL {
  return sql`array(select id from users where suspended_at is not null)`;
}
