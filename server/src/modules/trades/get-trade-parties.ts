import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { canSeeTrade } from './trade-access';
import type { TradeViewer } from './trade-view';
import { findTradeById } from './trades.repository';

export interface TradeParties {
  tradeId: number;
  proposerId: string;
  receiverId: string;
}

/**
 * Who takes part in a trade, for a viewer allowed to see it (its parties, or an admin once it is
 * disputed); anyone else gets NOT_FOUND, exactly as for the trade itself. For other modules (the
 * trade's chat) that need the access rule without the whole trade view.
 */
export async function getTradeParties(ctx: AppContext, { viewer, tradeId }: { viewer: TradeViewer; tradeId: number }): Promise<TradeParties> {
  const trade = await findTradeById(ctx.db, tradeId);
  if (!trade || !canSeeTrade(trade, viewer)) throw notFound('Trade');
  return { tradeId: trade.id, proposerId: trade.proposerId, receiverId: trade.receiverId };
}
