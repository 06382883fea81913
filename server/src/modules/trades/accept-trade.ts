import type { AcceptTrade, Trade } from '@soleswap/contracts/trades';
import type { AppContext } from '../../context';
import { runTradeTransition } from './trade-transition';
import { buildTradeView, type TradeViewer } from './trade-view';

/**
 * The receiver accepts a pending trade: every sneaker of both sides is locked in escrow in one
 * transaction (409 SNEAKER_LOCKED naming the sneaker when one is gone, moved, hidden or locked
 * elsewhere), the ledger records the lock, and each side has SHIP_DEADLINE_DAYS to ship. A pair
 * flagged for review needs `acknowledgeFlagged` (409 TRADE_FLAGGED_UNACKNOWLEDGED), kept on the trade.
 */
export async function acceptTrade(
  ctx: AppContext,
  { actor, tradeId, input }: { actor: TradeViewer; tradeId: number; input?: AcceptTrade },
): Promise<Trade> {
  const { trade } = await runTradeTransition(ctx, { tradeId, actor, action: 'accept', acknowledgeFlagged: input?.acknowledgeFlagged });
  return buildTradeView(ctx.db, trade, actor);
}
