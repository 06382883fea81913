import type { Trade } from '@soleswap/contracts/trades';
import type { AppContext } from '../../context';
import { runTradeTransition } from './trade-transition';
import { buildTradeView, type TradeViewer } from './trade-view';

/**
 * The caller confirms they received the other side's sneakers (ledger 'receive'). When both
 * sides have received, the trade completes: ownership moves, escrow is released.
 */
export async function markTradeReceived(ctx: AppContext, { actor, tradeId }: { actor: TradeViewer; tradeId: number }): Promise<Trade> {
  const { trade } = await runTradeTransition(ctx, { tradeId, actor, action: 'receive' });
  return buildTradeView(ctx.db, trade, actor);
}
