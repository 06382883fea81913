import type { AppContext } from '../../context';
import { movedOnMeanwhile } from '../../machines/sweep-deadlines';
import { runLoopTransition } from './loop-transition';
import { findProposedLoopIdsWithBoth } from './loops.repository';

/**
 * Ends, as the system, every proposed loop holding both members once one blocks the other: each
 * member of such a loop sees the other's name and pair, and nothing is locked yet. Loops already
 * active go on, like trades already in escrow: every member's pair is held and must still travel.
 * Each loop is its own transition; one that moved a moment earlier is left as it is now.
 */
export async function cancelProposedLoopsBetween(ctx: AppContext, a: string, b: string): Promise<number[]> {
  const cancelled: number[] = [];
  for (const loopId of await findProposedLoopIdsWithBoth(ctx.db, a, b)) {
    try {
      await runLoopTransition(ctx, { loopId, actor: 'system', action: 'block' });
      cancelled.push(loopId);
    } catch (error) {
      if (!movedOnMeanwhile(error)) throw error;
    }
  }
  return cancelled;
}
