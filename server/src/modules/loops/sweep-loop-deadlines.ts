import type { AppContext } from '../../context';
import { sweepDeadlines } from '../../machines/sweep-deadlines';
import { LOOP_DEADLINE_ACTIONS } from './loop.machine';
import { runLoopTransition } from './loop-transition';
import { listLoopsPastDeadline } from './loops.repository';

export interface LoopDeadlineSweep {
  /** Proposed loops not accepted by everyone within the acceptance window. */
  expired: number[];
  /** Locked loops where a member did not ship in time: everyone's escrow refunded. */
  cancelled: number[];
  /** Active loops where the system confirmed a leg's receipt past its receive-by (some completed by it). */
  autoReceived: number[];
}

/**
 * Applies the loop deadlines as of ctx.now() (the `loops.sweep-deadlines` job, every minute),
 * through the one deadline sweep driven by the machine's LOOP_DEADLINE_ACTIONS (a leg whose receipt
 * nobody confirmed by its receive-by is confirmed by the system). Each loop is its
 * own transaction through the state machine, so a member acting at the same moment simply wins or
 * loses the race; closed loops are never touched.
 */
export async function sweepLoopDeadlines(ctx: AppContext): Promise<LoopDeadlineSweep> {
  const applied = await sweepDeadlines(
    {
      listDue: (now, afterId, limit) => listLoopsPastDeadline(ctx.db, now, afterId, limit),
      deadlineActions: LOOP_DEADLINE_ACTIONS,
      apply: async (loopId, action) => {
        await runLoopTransition(ctx, { loopId, actor: 'system', action });
      },
    },
    ctx.now(),
  );
  return { expired: applied.get('expire') ?? [], cancelled: applied.get('ship-deadline') ?? [], autoReceived: applied.get('auto-receive') ?? [] };
}
