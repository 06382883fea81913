import type { Trade } from '@soleswap/contracts/trades';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { canSeeTrade } from './trade-access';
import { buildTradeView, type TradeViewer } from './trade-view';
import { findTradeById } from './trades.repository';

/**
 * One trade for one of its parties, or an admin once it has been disputed (GET
 * /api/trades/:id). Anyone else gets NOT_FOUND, so a stranger cannot even learn that the
 * trade exists.
 */
export async function getTrade(ctx: AppContext, { viewer, tradeId }: { viewer: TradeViewer; tradeId: number }): Promise<Trade> {
  const trade = await findTradeById(ctx.db, tradeId);
  if (!trade || !canSeeTrade(trade, viewer)) throw notFound('Trade');
  return buildTradeView(ctx.db, trade, viewer);
}
