import type { Trade } from '@soleswap/contracts/trades';
import type { AppContext } from '../../context';
import { runTradeTransition } from './trade-transition';
import { buildTradeView, type TradeViewer } from './trade-view';

/**
 * The proposer withdraws a pending trade; on an accepted trade each side asks, and when both
 * have asked the trade is cancelled and the escrow refunded.
 */
export async function cancelTrade(ctx: AppContext, { actor, tradeId }: { actor: TradeViewer; tradeId: number }): Promise<Trade> {
  const { trade } = await runTradeTransition(ctx, { tradeId, actor, action: 'cancel' });
  return buildTradeView(ctx.db, trade, actor);
}
