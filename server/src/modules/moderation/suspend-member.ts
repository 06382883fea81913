import type { MemberSuspension } from '@soleswap/contracts/moderation';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../errors';
import { inTransaction } from '../../http/events-after-commit';
import { deleteSessionsOfUser } from '../../http/session-store';
import { closeLiveStreamsOfMember } from '../live/close-live-streams';
import { settleTradesOfSuspendedMember } from '../trades/settle-trades-of-suspended';
import { lockMemberSuspension, setMemberSuspension, type SuspensionState } from '../users/member-suspension';
import { recordAdminAction } from '../admin-audit/record-admin-action';

interface SuspendArgs {
  adminId: string;
  userId: string;
  reason: string;
}

/**
 * The part of a suspension that commits at once, in the caller's transaction (`ctx.db`): the flag
 * and reason, every session of the member deleted and their live streams ended, and the audit row. Suspending a suspended
 * member keeps the first suspension and records nothing new.
 */
export async function applySuspension(ctx: AppContext, { adminId, userId, reason }: SuspendArgs): Promise<SuspensionState> {
  if (adminId === userId) throw new AppError('VALIDATION_FAILED', 'You cannot suspend yourself');
  const current = await lockMemberSuspension(ctx, { userId });
  if (!current) throw notFound('Member');
  if (current.suspendedAt) return current;
  const at = ctx.now();
  await setMemberSuspension(ctx, { userId, suspendedAt: at, suspendedReason: reason });
  await deleteSessionsOfUser(ctx.db, userId);
  // Their open live streams end on every instance once this commits, not at their next reconnect.
  await closeLiveStreamsOfMember(ctx.db, userId);
  await recordAdminAction(ctx.db, { adminId, action: 'suspend-member', targetType: 'member', targetId: userId, note: reason, at });
  return { id: userId, suspendedAt: at, suspendedReason: reason };
}

/**
 * An admin suspends a member (POST /api/admin/users/:id/suspend): they are signed out everywhere
 * and cannot sign in again; then their pending proposals are withdrawn and their accepted trades
 * go to the dispute queue, each through the trade state machine as the system. Admins cannot
 * suspend themselves.
 */
export async function suspendMember(ctx: AppContext, args: SuspendArgs): Promise<MemberSuspension> {
  const state = await inTransaction(ctx, (txCtx) => applySuspension(txCtx, args));
  // Run even when the member was already suspended: it also catches a trade that slipped past.
  const settled = await settleTradesOfSuspendedMember(ctx, args.userId);
  return toSuspension(state, settled);
}

/** Lifts a suspension (POST /api/admin/users/:id/unsuspend); the member can sign in again. */
export async function unsuspendMember(ctx: AppContext, { adminId, userId }: { adminId: string; userId: string }): Promise<MemberSuspension> {
  const state = await inTransaction(ctx, async (txCtx) => {
    const current = await lockMemberSuspension(txCtx, { userId });
    if (!current) throw notFound('Member');
    if (!current.suspendedAt) return current;
    const at = ctx.now();
    await setMemberSuspension(txCtx, { userId, suspendedAt: null, suspendedReason: null });
    await recordAdminAction(txCtx.db, {
      adminId,
      action: 'unsuspend-member',
      targetType: 'member',
      targetId: userId,
      note: current.suspendedReason ? `Was suspended for: ${current.suspendedReason}` : null,
      at,
    });
    return { id: userId, suspendedAt: null, suspendedReason: null };
  });
  return toSuspension(state, { cancelledTradeIds: [], disputedTradeIds: [] });
}

function toSuspension(state: SuspensionState, settled: Pick<MemberSuspension, 'cancelledTradeIds' | 'disputedTradeIds'>): MemberSuspension {
  return {
    userId: state.id,
    suspendedAt: state.suspendedAt?.toISOString() ?? null,
    suspendedReason: state.suspendedReason,
    ...settled,
  };
}
