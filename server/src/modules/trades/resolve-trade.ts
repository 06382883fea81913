import type { Trade, ResolveTrade } from '@soleswap/contracts/trades';
import type { AppContext } from '../../context';
import { inTransaction } from '../../http/events-after-commit';
import { recordAdminAction } from '../admin-audit/record-admin-action';
import { runTradeTransition } from './trade-transition';
import { buildTradeView, type TradeViewer } from './trade-view';

/**
 * An admin closes a dispute: 'completed' swaps the sneakers and releases escrow, 'cancelled'
 * refunds it. Anyone else is refused by the state machine. The ruling and its admin audit row
 * commit together.
 */
export async function resolveDispute(
  ctx: AppContext,
  { actor, tradeId, input }: { actor: TradeViewer; tradeId: number; input: ResolveTrade },
): Promise<Trade> {
  return inTransaction(ctx, async (txCtx) => {
    const { trade } = await runTradeTransition(txCtx, { tradeId, actor, action: 'resolve', outcome: input.outcome });
    const note = input.note ? `${input.outcome}: ${input.note}` : `Resolved as ${input.outcome}`;
    await recordAdminAction(txCtx.db, {
      adminId: actor.id,
      action: 'resolve-dispute',
      targetType: 'trade',
      targetId: tradeId,
      note,
      at: txCtx.now(),
    });
    return buildTradeView(txCtx.db, trade, actor);
  });
}
