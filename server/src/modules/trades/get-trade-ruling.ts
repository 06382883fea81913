import type { TradeRuling } from '@soleswap/contracts/trades';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { canSeeTrade } from './trade-access';
import { buildTradeReturnView } from './trade-return-view';
import { findReturnsOfTrade, findRuling } from './trade-returns.repository';
import type { TradeViewer } from './trade-view';
import { findTradeById } from './trades.repository';

/**
 * GET /api/trades/:id/ruling: the admin's ruling on the trade's dispute with its note, and the pairs
 * going back after a refund, as this caller sees them. Whoever may read the trade may read it (its
 * two members, an admin once it was disputed); anyone else is told the trade does not exist.
 */
export async function getTradeRuling(ctx: AppContext, { viewer, tradeId }: { viewer: TradeViewer; tradeId: number }): Promise<TradeRuling> {
  const trade = await findTradeById(ctx.db, tradeId);
  if (!trade || !canSeeTrade(trade, viewer)) throw notFound('Trade');
  const ruling = await findRuling(ctx.db, tradeId);
  const now = ctx.now();
  const returns = [];
  for (const row of await findReturnsOfTrade(ctx.db, tradeId)) returns.push(await buildTradeReturnView(ctx.db, row, viewer, now));
  return {
    tradeId,
    outcome: ruling ? (ruling.outcome as TradeRuling['outcome']) : null,
    note: ruling?.note ?? null,
    ruledAt: ruling?.ruledAt.toISOString() ?? null,
    returns,
  };
}
