import { PACKING_SLIP_STATUSES } from '@soleswap/contracts/trades';
import type { AppContext } from '../../context';
import { AppError, forbidden, notFound } from '../../errors';
import { readTradeShipTo } from '../addresses/read-trade-ship-to';
import { printPackingSlip } from './print-packing-slip';
import { canSeeTrade } from './trade-access';
import type { TradeViewer } from './trade-view';
import { findTradeById } from './trades.repository';

/**
 * GET /api/trades/:id/packing-slip.pdf: the caller's packing slip, a PDF of the box they send
 * (their own side's pairs, from them to the other party) with a QR code of the trade's page.
 * Parties only: a stranger is told the trade does not exist (404, like every trade read), an admin
 * reading a disputed trade is refused (403: the slip is for the one who packs the box). Before
 * acceptance, or once the trade is cancelled, there is no box to pack (409). The other party's
 * ship-to address is printed when they chose one and the address rules let the caller see it; that
 * read is recorded like any other (addresses/read-trade-ship-to.ts).
 */
export async function getPackingSlip(ctx: AppContext, { viewer, tradeId }: { viewer: TradeViewer; tradeId: number }): Promise<Uint8Array> {
  const trade = await findTradeById(ctx.db, tradeId);
  if (!trade || !canSeeTrade(trade, viewer)) throw notFound('Trade');
  const side = trade.proposerId === viewer.id ? 'proposer' : trade.receiverId === viewer.id ? 'receiver' : null;
  if (!side) throw forbidden('Only the two parties of a trade print its packing slips');
  if (!PACKING_SLIP_STATUSES.includes(trade.status)) {
    throw new AppError('TRADE_INVALID_TRANSITION', `This trade is ${trade.status}: a packing slip is ready once the trade is accepted`);
  }

  const { counterparty: shipTo } = await readTradeShipTo(ctx, { trade, viewer });
  return printPackingSlip(ctx, {
    reference: `Trade #${trade.id}`,
    fromId: viewer.id,
    toId: side === 'proposer' ? trade.receiverId : trade.proposerId,
    shipTo,
    sneakerIds: side === 'proposer' ? trade.proposerSneakerIds : trade.receiverSneakerIds,
    acceptedAt: trade.acceptedAt,
    shipBy: trade.shipBy,
    pagePath: `/trades?trade=${trade.id}`,
  });
}
