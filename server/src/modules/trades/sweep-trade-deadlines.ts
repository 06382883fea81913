import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { runTradeTransition } from './trade-transition';
import { listTradesPastDeadline } from './trades.repository';

const BATCH = 100;

export interface DeadlineSweep {
  /** Pending proposals that passed expiresAt. */
  expired: number[];
  /** Accepted trades cancelled because a side did not ship by shipBy (escrow refunded). */
  cancelled: number[];
}

/**
 * Applies the deadlines of docs/rules/trades.md#deadlines as of ctx.now() (the `trades.sweep-deadlines` job,
 * every minute): a pending proposal expires after PROPOSAL_TTL_DAYS; an accepted trade that a
 * side has not shipped by shipBy is cancelled, its escrow refunded, and each late side gets the
 * lowest rating (see penalizeLateShipper). Each trade is its own transaction through the state
 * machine, so a member acting at the same moment simply wins or loses the race; terminal
 * trades are never touched.
 */
export async function sweepTradeDeadlines(ctx: AppContext): Promise<DeadlineSweep> {
  const result: DeadlineSweep = { expired: [], cancelled: [] };
  const now = ctx.now();
  let afterId = 0;
  for (;;) {
    const due = await listTradesPastDeadline(ctx.db, now, afterId, BATCH);
    for (const { id, status } of due) {
      const action = status === 'pending' ? 'expire' : 'ship-deadline';
      try {
        await runTradeTransition(ctx, { tradeId: id, actor: 'system', action });
        (action === 'expire' ? result.expired : result.cancelled).push(id);
      } catch (error) {
        // Someone acted on the trade between the query and its lock (shipped, cancelled): fine.
        const raced = error instanceof AppError && (error.code === 'TRADE_INVALID_TRANSITION' || error.code === 'CONFLICT');
        if (!raced) throw error;
      }
    }
    if (due.length < BATCH) return result;
    afterId = due[due.length - 1]!.id;
  }
}
