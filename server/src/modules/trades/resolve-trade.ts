import type { Trade, ResolveTrade } from '@soleswap/contracts/trades';
import type { AppContext } from '../../context';
import { runTradeTransition } from './trade-transition';
import { buildTradeView, type TradeViewer } from './trade-view';

/**
 * An admin closes a dispute: 'completed' swaps the sneakers and releases escrow, 'cancelled'
 * refunds it. Anyone else is refused by the state machine.
 */
export async function resolveDispute(
  ctx: AppContext,
  { actor, tradeId, input }: { actor: TradeViewer; tradeId: number; input: ResolveTrade },
): Promise<Trade> {
  const { trade } = await runTradeTransition(ctx, { tradeId, actor, action: 'resolve', outcome: input.outcome });
  return buildTradeView(ctx.db, trade, actor);
}
