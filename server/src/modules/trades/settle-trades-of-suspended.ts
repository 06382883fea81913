import { SUSPENSION_DISPUTE_REASON } from '@soleswap/contracts/moderation';
import type { AppContext } from '../../context';
import { movedOnMeanwhile } from '../../machines/sweep-deadlines';
import type { MachineAction } from './trade.machine';
import { runTradeTransition } from './trade-transition';
import { listTradeIdsOfUserInStatus } from './trades.repository';

/**
 * After a member is suspended, the system withdraws every pending proposal they sent or received,
 * and sends every accepted trade of theirs to the admins' dispute queue: the sneakers stay in
 * escrow and an admin decides whether the swap completes or is refunded. Each trade is its own
 * transition through the state machine (audit trail, ledger, notifications); a trade that moved
 * on a moment earlier is left as it is now.
 */
export async function settleTradesOfSuspendedMember(
  ctx: AppContext,
  userId: string,
): Promise<{ cancelledTradeIds: number[]; disputedTradeIds: number[] }> {
  const cancelledTradeIds = await applyToAll(ctx, await listTradeIdsOfUserInStatus(ctx.db, userId, 'pending'), 'cancel');
  const disputedTradeIds = await applyToAll(ctx, await listTradeIdsOfUserInStatus(ctx.db, userId, 'accepted'), 'dispute');
  return { cancelledTradeIds, disputedTradeIds };
}

async function applyToAll(ctx: AppContext, tradeIds: number[], action: MachineAction): Promise<number[]> {
  const done: number[] = [];
  for (const tradeId of tradeIds) {
    try {
      await runTradeTransition(ctx, { tradeId, actor: 'system', action, ...(action === 'dispute' ? { reason: SUSPENSION_DISPUTE_REASON } : {}) });
      done.push(tradeId);
    } catch (error) {
      if (!movedOnMeanwhile(error)) throw error;
    }
  }
  return done;
}
