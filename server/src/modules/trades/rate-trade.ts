import type { Trade, RateTrade } from '@soleswap/contracts/trades';
import type { AppContext } from '../../context';
import { runTradeTransition } from './trade-transition';
import { buildTradeView, type TradeViewer } from './trade-view';

/**
 * Each party rates the other once after completion (1 to 5); the ratee's reputation becomes
 * the mean of every rating they received.
 */
export async function rateTrade(
  ctx: AppContext,
  { actor, tradeId, input }: { actor: TradeViewer; tradeId: number; input: RateTrade },
): Promise<Trade> {
  const { trade } = await runTradeTransition(ctx, { tradeId, actor, action: 'rate', rating: input });
  return buildTradeView(ctx.db, trade, actor);
}
