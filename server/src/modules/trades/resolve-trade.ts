import type { Trade, ResolveTrade } from '@soleswap/contracts/trades';
import type { AppContext } from '../../context';
import { inTransaction } from '../../http/events-after-commit';
import { recordAdminAction } from '../admin-audit/record-admin-action';
import { recordRuling } from './record-ruling';
import { runTradeTransition } from './trade-transition';
import { buildTradeView, type TradeViewer } from './trade-view';

/**
 * An admin closes a dispute: 'completed' swaps the sneakers and releases escrow, 'cancelled'
 * refunds it. Anyone else is refused by the state machine. The ruling and its note (both members
 * read it), the returns a refund asks for where parcels moved (record-ruling.ts), the admin audit
 * row commit together; both members are told once they have ('trade.disputeRuled').
 */
export async function resolveDispute(
  ctx: AppContext,
  { actor, tradeId, input }: { actor: TradeViewer; tradeId: number; input: ResolveTrade },
): Promise<Trade> {
  return inTransaction(ctx, async (txCtx) => {
    const { trade } = await runTradeTransition(txCtx, { tradeId, actor, action: 'resolve', outcome: input.outcome });
    const at = txCtx.now();
    const note = input.note || null;
    const returns = await recordRuling(txCtx.db, { trade, outcome: input.outcome, note, adminId: actor.id, at });
    await recordAdminAction(txCtx.db, {
      adminId: actor.id,
      action: 'resolve-dispute',
      targetType: 'trade',
      targetId: tradeId,
      note: note ? `${input.outcome}: ${note}` : `Resolved as ${input.outcome}`,
      at,
    });
    txCtx.events.emit('trade.disputeRuled', {
      tradeId,
      proposerId: trade.proposerId,
      receiverId: trade.receiverId,
      outcome: input.outcome,
      note,
      returns,
      at,
    });
    return buildTradeView(txCtx.db, trade, actor);
  });
}
