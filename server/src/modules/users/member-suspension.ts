import { MEMBER_SUSPENDED_MESSAGE } from '@soleswap/contracts/errors';
import type { AppContext } from '../../context';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import {
  findSuspendedAmong,
  findSuspendedAmongForShare,
  lockSuspension,
  setSuspension,
  suspendedIdsArraySql,
  type SuspensionState,
} from './suspension.repository';

export type { SuspensionState };

/**
 * The member's suspension state, row-locked until the caller's transaction (`ctx.db`) commits,
 * so two admins suspending or restoring one member act one after the other. Null for an unknown member.
 */
export async function lockMemberSuspension(ctx: AppContext, { userId }: { userId: string }): Promise<SuspensionState | null> {
  return lockSuspension(ctx.db, userId);
}

/** Suspends the member (a reason and time) or lifts it (both null), in the caller's transaction. */
export async function setMemberSuspension(
  ctx: AppContext,
  { userId, suspendedAt, suspendedReason }: { userId: string; suspendedAt: Date | null; suspendedReason: string | null },
): Promise<void> {
  await setSuspension(ctx.db, userId, { suspendedAt, suspendedReason, at: ctx.now() });
}

/**
 * Throws MEMBER_SUSPENDED (409) when any of these members is suspended: nobody proposes to, counters
 * or joins a loop with them. Pass the caller's transaction: the members' rows stay share-locked
 * until it commits, so a suspension at the same moment comes after this work (and then settles
 * it) or before (and this work sees it).
 */
export async function assertNoneSuspended(tx: Db, memberIds: readonly string[]): Promise<void> {
  if ((await findSuspendedAmongForShare(tx, memberIds)).length > 0) throw new AppError('MEMBER_SUSPENDED', MEMBER_SUSPENDED_MESSAGE);
}

/**
 * The members whose listings no list shows (suspended), as an SQL value of type uuid[] a list's
 * statement compares its rows' owners with (`user_id <> all(...)`): no round trip of its own.
 */
export function suspendedMemberIdsSql(): SQL {
  return suspendedIdsArraySql();
}

/** Which of these members are suspended: set-based work (a market, a loop) leaves them out. */
export async function findSuspendedAmongMembers(db: Db, memberIds: readonly string[]): Promise<string[]> {
  return findSuspendedAmong(db, memberIds);
}
