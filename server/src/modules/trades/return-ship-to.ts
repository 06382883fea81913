import type { ReturnShipTo } from '@soleswap/contracts/trades';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { chooseReturnShipTo } from '../addresses/choose-return-ship-to';
import { readReturnShipTo } from '../addresses/read-return-ship-to';
import { canSeeReturn, returnShipToFacts } from './trade-return-view';
import { findReturnById, lockReturn } from './trade-returns.repository';
import type { TradeViewer } from './trade-view';

/** GET /api/trade-returns/:id/ship-to: where the pair goes back, as the address rules let the caller see it. */
export async function getReturnShipTo(ctx: AppContext, { viewer, returnId }: { viewer: TradeViewer; returnId: number }): Promise<ReturnShipTo> {
  const ret = await findReturnById(ctx.db, returnId);
  if (!ret || !canSeeReturn(ret, viewer)) throw notFound('Return');
  return readReturnShipTo(ctx, { ret: returnShipToFacts(ret), viewer });
}

/**
 * PUT /api/trade-returns/:id/ship-to: the owner who never chose a ship-to for the trade picks where
 * their pair comes back, under the return's row lock (a ship of it waits, then sees the choice).
 */
export async function chooseTradeReturnShipTo(
  ctx: AppContext,
  { viewer, returnId, addressId }: { viewer: TradeViewer; returnId: number; addressId: number },
): Promise<ReturnShipTo> {
  const ret = await ctx.db.transaction(async (tx) => {
    const row = await lockReturn(tx, returnId);
    if (!row || !canSeeReturn(row, viewer)) throw notFound('Return');
    await chooseReturnShipTo(tx, { ret: returnShipToFacts(row), viewer, addressId, at: ctx.now() });
    return row;
  });
  return readReturnShipTo(ctx, { ret: returnShipToFacts(ret), viewer });
}
