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

/** What the access rule reads of a trade: its id, parties and when it was disputed. */
export interface TradePartiesRow {
  id: number;
  proposerId: string;
  receiverId: string;
  disputedAt: Date | null;
}

/**
 * Who takes part in a trade, for a viewer allowed to see it (its parties, or an admin once it is
 * disputed); anyone else gets NOT_FOUND, exactly as for the trade itself. For other modules (the
 * trade's chat) that need the access rule without the whole trade view.
 */
export async function getTradeParties(ctx: AppContext, { viewer, tradeId }: { viewer: TradeViewer; tradeId: number }): Promise<TradeParties> {
  return tradePartiesFor(await findTradeById(ctx.db, tradeId), viewer);
}

/**
 * getTradeParties for a trade the caller read itself (null: no such trade), e.g. through
 * tradePartiesSubquery in a statement that reads the trade's messages with it: the same rule and
 * the same NOT_FOUND.
 */
export function tradePartiesFor(trade: TradePartiesRow | null, viewer: TradeViewer): TradeParties {
  if (!trade || !canSeeTrade(trade, viewer)) throw notFound('Trade');
  return { tradeId: trade.id, proposerId: trade.proposerId, receiverId: trade.receiverId };
}
