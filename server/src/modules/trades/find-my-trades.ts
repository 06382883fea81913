import type { Trade } from '@soleswap/contracts/trades';
import type { AppContext } from '../../context';
import { buildTradeViews, type TradeViewer } from './trade-view';
import { listTradesOfUser } from './trades.repository';

/** A generous cap on one member's trade list; the page shows them all with client-side tabs. */
export const MY_TRADES_LIMIT = 500;

/** The caller's trades as proposer or receiver, newest first (GET /api/trades). */
export async function findMyTrades(ctx: AppContext, { viewer }: { viewer: TradeViewer }): Promise<Trade[]> {
  const rows = await listTradesOfUser(ctx.db, viewer.id, MY_TRADES_LIMIT);
  return buildTradeViews(ctx.db, rows, viewer);
}
