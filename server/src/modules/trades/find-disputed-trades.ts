import type { Trade } from '@soleswap/contracts/trades';
import type { AppContext } from '../../context';
import { forbidden } from '../../errors';
import { buildTradeViews, type TradeViewer } from './trade-view';
import { listDisputedTrades } from './trades.repository';

const DISPUTES_LIMIT = 200;

/**
 * The open disputes an admin must resolve, oldest first (GET /api/admin/disputes). Each is
 * seen from the proposer's side, with 'resolve' in allowedActions.
 */
export async function findDisputedTrades(ctx: AppContext, { viewer }: { viewer: TradeViewer }): Promise<Trade[]> {
  if (!viewer.isAdmin) throw forbidden('Admins only');
  return buildTradeViews(ctx.db, await listDisputedTrades(ctx.db, DISPUTES_LIMIT), viewer);
}
