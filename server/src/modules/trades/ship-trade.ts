import type { Trade, ShipTrade } from '@soleswap/contracts/trades';
import type { AppContext } from '../../context';
import { runTradeTransition } from './trade-transition';
import { buildTradeView, type TradeViewer } from './trade-view';

/** The caller marks their side of an accepted trade shipped (ledger 'ship'). */
export async function markTradeShipped(
  ctx: AppContext,
  { actor, tradeId, input }: { actor: TradeViewer; tradeId: number; input: ShipTrade },
): Promise<Trade> {
  const { trade } = await runTradeTransition(ctx, { tradeId, actor, action: 'ship', trackingNumber: input.trackingNumber });
  return buildTradeView(ctx.db, trade, actor);
}
