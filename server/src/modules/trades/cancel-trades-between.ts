import type { AppContext } from '../../context';
import { movedOnMeanwhile } from '../../machines/sweep-deadlines';
import { findPendingTradeIdsBetween } from './trade-records';
import { runTradeTransition } from './trade-transition';

/**
 * Cancels, as the system, every pending proposal between two members who no longer interact.
 * Each trade is its own transition (as the deadline sweep does): a trade someone accepted or
 * withdrew a moment earlier is simply left as it is now.
 */
export async function cancelPendingTradesBetween(ctx: AppContext, a: string, b: string): Promise<number[]> {
  const cancelled: number[] = [];
  for (const tradeId of await findPendingTradeIdsBetween(ctx.db, a, b)) {
    try {
      await runTradeTransition(ctx, { tradeId, actor: 'system', action: 'cancel' });
      cancelled.push(tradeId);
    } catch (error) {
      if (!movedOnMeanwhile(error)) throw error;
    }
  }
  return cancelled;
}
