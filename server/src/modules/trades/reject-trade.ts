import type { Trade } from '@soleswap/contracts/trades';
import type { AppContext } from '../../context';
import { runTradeTransition } from './trade-transition';
import { buildTradeView, type TradeViewer } from './trade-view';

/** The receiver declines a pending trade. */
export async function rejectTrade(ctx: AppContext, { actor, tradeId }: { actor: TradeViewer; tradeId: number }): Promise<Trade> {
  const { trade } = await runTradeTransition(ctx, { tradeId, actor, action: 'reject' });
  return buildTradeView(ctx.db, trade, actor);
}
