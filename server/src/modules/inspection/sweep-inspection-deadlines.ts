import type { AppContext } from '../../context';
import { sweepDeadlines } from '../../machines/sweep-deadlines';
import { INSPECTION_DEADLINE_ACTIONS } from './inspection.machine';
import { runInspectionTransition } from './inspection-transition';
import { listInspectionsPastDeadline } from './inspection.repository';

/**
 * The `inspection.sweep-deadlines` job (every minute), through the one deadline sweep driven by
 * INSPECTION_DEADLINE_ACTIONS: a pair not at the centre by its arrival deadline is cancelled and
 * fails its trade; a quality issue its member has not answered in time is declined. Answers the
 * ids each action was applied to.
 */
export async function sweepInspectionDeadlines(ctx: AppContext): Promise<{ expired: number[]; declined: number[] }> {
  const applied = await sweepDeadlines(
    {
      listDue: (now, afterId, limit) => listInspectionsPastDeadline(ctx.db, now, afterId, limit),
      deadlineActions: INSPECTION_DEADLINE_ACTIONS,
      apply: async (pairId, action) => {
        await runInspectionTransition(ctx, { pairId, actor: 'system', action });
      },
    },
    ctx.now(),
  );
  return { expired: applied.get('expire') ?? [], declined: applied.get('answer-deadline') ?? [] };
}
