import type { AppContext } from '../../context';
import { sweepDeadlines } from '../../machines/sweep-deadlines';
import { releaseAbandonedAcceptances } from './release-abandoned-acceptances';
import { TRADE_DEADLINE_ACTIONS } from './trade.machine';
import { runTradeTransition } from './trade-transition';
import { listTradesPastDeadline } from './trades.repository';

export interface DeadlineSweep {
  /** Pending proposals that passed expiresAt. */
  expired: number[];
  /** Accepted trades cancelled because a side did not ship by shipBy (escrow refunded). */
  cancelled: number[];
  /** Accepted trades where the system confirmed a receipt past its receive-by (some completed by it). */
  autoReceived: number[];
  /** Pending trades whose acceptance died midway: what it had authorized on cards is released. */
  abandonedAcceptances: number[];
}

/**
 * Applies the deadlines of docs/rules/trades.md#deadlines as of ctx.now() (the `trades.sweep-deadlines` job,
 * every minute), through the one deadline sweep driven by the machine's TRADE_DEADLINE_ACTIONS: a
 * pending proposal expires after PROPOSAL_TTL_DAYS; an accepted trade that a side has not shipped
 * by shipBy is cancelled, its escrow refunded, and each late side gets the lowest rating (see
 * penalizeLateShipper); a side that has not confirmed receipt by its receive-by (set when the other
 * side shipped) has it confirmed by the system, completing the trade when it was the last receipt
 * (a disputed trade is not accepted, so it is never touched). Each trade is its own transaction through the state machine, so a member
 * acting at the same moment simply wins or loses the race; terminal trades are never touched.
 * It also releases what an acceptance whose process died left authorized on a trade still pending
 * (release-abandoned-acceptances.ts).
 */
export async function sweepTradeDeadlines(ctx: AppContext): Promise<DeadlineSweep> {
  const applied = await sweepDeadlines(
    {
      listDue: (now, afterId, limit) => listTradesPastDeadline(ctx.db, now, afterId, limit),
      deadlineActions: TRADE_DEADLINE_ACTIONS,
      apply: async (tradeId, action) => {
        await runTradeTransition(ctx, { tradeId, actor: 'system', action });
      },
    },
    ctx.now(),
  );
  const abandonedAcceptances = await releaseAbandonedAcceptances(ctx);
  return {
    expired: applied.get('expire') ?? [],
    cancelled: applied.get('ship-deadline') ?? [],
    autoReceived: applied.get('auto-receive') ?? [],
    abandonedAcceptances,
  };
}
