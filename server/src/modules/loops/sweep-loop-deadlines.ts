import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { runLoopTransition } from './loop-transition';
import { listLoopsPastDeadline } from './loops.repository';

const BATCH = 100;

export interface LoopDeadlineSweep {
  /** Proposed loops not accepted by everyone within the acceptance window. */
  expired: number[];
  /** Locked loops where a member did not ship in time: everyone's escrow refunded. */
  cancelled: number[];
}

/**
 * Applies the loop deadlines as of ctx.now() (the `loops.sweep-deadlines` job, every minute).
 * Each loop is its own transaction through the state machine, so a member acting at the same
 * moment simply wins or loses the race; closed loops are never touched.
 */
export async function sweepLoopDeadlines(ctx: AppContext): Promise<LoopDeadlineSweep> {
  const result: LoopDeadlineSweep = { expired: [], cancelled: [] };
  const now = ctx.now();
  let afterId = 0;
  for (;;) {
    const due = await listLoopsPastDeadline(ctx.db, now, afterId, BATCH);
    for (const { id, status } of due) {
      const action = status === 'proposed' ? 'expire' : 'ship-deadline';
      try {
        await runLoopTransition(ctx, { loopId: id, actor: 'system', action });
        (action === 'expire' ? result.expired : result.cancelled).push(id);
      } catch (error) {
        const raced = error instanceof AppError && (error.code === 'LOOP_INVALID_TRANSITION' || error.code === 'CONFLICT');
        if (!raced) throw error;
      }
    }
    if (due.length < BATCH) return result;
    afterId = due[due.length - 1]!.id;
  }
}
