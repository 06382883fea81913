import type { Trade, DisputeTrade } from '@soleswap/contracts/trades';
import type { AppContext } from '../../context';
import { runTradeTransition } from './trade-transition';
import { buildTradeView, type TradeViewer } from './trade-view';

/** Either side of an accepted trade opens a dispute with a reason; an admin resolves it. */
export async function disputeTrade(
  ctx: AppContext,
  { actor, tradeId, input }: { actor: TradeViewer; tradeId: number; input: DisputeTrade },
): Promise<Trade> {
  const { trade } = await runTradeTransition(ctx, { tradeId, actor, action: 'dispute', reason: input.reason });
  return buildTradeView(ctx.db, trade, actor);
}
