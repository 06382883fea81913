import type { AppContext } from '../../context';
import { canSeeTrade } from './trade-access';
import { findTradePartiesById } from './trade-records.repository';
import type { TradeViewer } from './trade-view';

/** Whether the viewer may read this trade (and so its ledger entries' details): see canSeeTrade. */
export async function mayReadTrade(ctx: AppContext, { tradeId, viewer }: { tradeId: number; viewer: TradeViewer }): Promise<boolean> {
  const trade = await findTradePartiesById(ctx.db, tradeId);
  return trade !== null && canSeeTrade(trade, viewer);
}
