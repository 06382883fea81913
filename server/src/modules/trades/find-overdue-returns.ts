import type { TradeReturn } from '@soleswap/contracts/trades';
import type { AppContext } from '../../context';
import { buildTradeReturnView } from './trade-return-view';
import { findOverdueReturns } from './trade-returns.repository';
import type { TradeViewer } from './trade-view';

/** How many overdue returns the admins' list shows at once, the longest overdue first. */
export const OVERDUE_RETURNS_SHOWN = 100;

/**
 * GET /api/admin/trade-returns/overdue (admins): the pairs not shipped back by their return-by.
 * Nothing happens to them automatically (docs/rules/trades.md#returns-after-a-refund): an admin
 * follows up with the member holding the pair.
 */
export async function findOverdueTradeReturns(ctx: AppContext, { viewer }: { viewer: TradeViewer }): Promise<TradeReturn[]> {
  const now = ctx.now();
  const views: TradeReturn[] = [];
  for (const row of await findOverdueReturns(ctx.db, now, OVERDUE_RETURNS_SHOWN)) views.push(await buildTradeReturnView(ctx.db, row, viewer, now));
  return views;
}
