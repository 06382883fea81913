import type { CounterTrade, Trade } from '@soleswap/contracts/trades';
import type { AppContext } from '../../context';
import { runTradeTransition } from './trade-transition';
import { buildTradeView, type TradeViewer } from './trade-view';

/**
 * The receiver of a pending trade answers with a counter-offer: the original becomes
 * 'countered' and a new pending trade in the other direction (parentTradeId = the original)
 * is created under the same proposal rules. Returns the new trade.
 */
export async function counterTrade(
  ctx: AppContext,
  { actor, tradeId, input }: { actor: TradeViewer; tradeId: number; input: CounterTrade },
): Promise<Trade> {
  const { created } = await runTradeTransition(ctx, { tradeId, actor, action: 'counter', counter: input });
  return buildTradeView(ctx.db, created!, actor);
}
