import type { AppContext } from '../../context';
import { AppError, forbidden, notFound } from '../../errors';
import { readReturnShipTo } from '../addresses/read-return-ship-to';
import { printPackingSlip } from '../custody/print-packing-slip';
import { canSeeReturn, returnShipToFacts } from './trade-return-view';
import { findReturnById } from './trade-returns.repository';
import { findTradeById } from './trades.repository';
import type { TradeViewer } from './trade-view';

/**
 * GET /api/trade-returns/:id/packing-slip.pdf: the slip of the box going back, for the member who
 * sends it (the owner is refused, 403; anyone else told the return does not exist). It prints the
 * owner's ship-to when the address rules let the sender see it (read-return-ship-to.ts, recorded)
 * and the return's deadline as its ship-by. Once the pair has shipped back there is nothing to pack (409).
 */
export async function getReturnPackingSlip(ctx: AppContext, { viewer, returnId }: { viewer: TradeViewer; returnId: number }): Promise<Uint8Array> {
  const ret = await findReturnById(ctx.db, returnId);
  if (!ret || !canSeeReturn(ret, viewer)) throw notFound('Return');
  if (ret.senderId !== viewer.id) throw forbidden('Only the member sending the pair back prints its packing slip');
  if (ret.status !== 'awaiting_return')
    throw new AppError('TRADE_INVALID_TRANSITION', 'This pair is already on its way back: there is no box to pack');
  const trade = await findTradeById(ctx.db, ret.tradeId);
  const { shipTo } = await readReturnShipTo(ctx, { ret: returnShipToFacts(ret), viewer });
  return printPackingSlip(ctx, {
    reference: `Trade #${ret.tradeId}, return`,
    fromId: ret.senderId,
    toId: ret.ownerId,
    shipTo,
    sneakerIds: ret.sneakerIds,
    acceptedAt: trade?.acceptedAt ?? null,
    shipBy: ret.returnBy,
    pagePath: `/trades?trade=${ret.tradeId}`,
  });
}
