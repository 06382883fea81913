import type { AppContext } from '../../context';
import { lockSuspension, setSuspension, type SuspensionState } from './suspension.repository';

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
