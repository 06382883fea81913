import type { AppContext } from '../../context';
import { AppError } from '../../errors';
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
      const raced = error instanceof AppError && (error.code === 'LOOP_INVALID_TRANSITION' || error.code === 'CONFLICT');
      if (!raced) throw error;
    }
  }
  return cancelled;
}
