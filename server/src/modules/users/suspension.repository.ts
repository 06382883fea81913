import { and, eq, isNull } from 'drizzle-orm';
import type { User } from '@soleswap/contracts/users';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { isUuid, toUser } from './users.repository';

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
}
