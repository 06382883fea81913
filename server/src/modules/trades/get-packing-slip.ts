import { PACKING_SLIP_STATUSES } from '@soleswap/contracts/trades';
import type { AppContext } from '../../context';
import { AppError, forbidden, notFound } from '../../errors';
import { readTradeShipTo } from '../addresses/read-trade-ship-to';
import { CENTRE, printPackingSlip } from '../custody/print-packing-slip';
import { canSeeTrade } from './trade-access';
import { tradeCentre } from './trade-centre';
import type { TradeViewer } from './trade-view';
import { findTradeById, type TradeRow } from './trades.repository';

/**
 * GET /api/trades/:id/packing-slip.pdf: the caller's packing slip, a PDF of the box they send
 * (their own side's pairs, from them to the other party) with a QR code of the trade's page.
 * Parties only: a stranger is told the trade does not exist (404, like every trade read), an admin
 * reading a disputed trade is refused (403: the slip is for the one who packs the box). Before
 * acceptance, or once the trade is cancelled, there is no box to pack (409). The other party's
 * ship-to address is printed when they chose one and the address rules let the caller see it; that
 * read is recorded like any other (addresses/read-trade-ship-to.ts). On a trade via the
 * authentication centre the box goes to the centre: its slip names the centre, not the other member.
 */
export async function getPackingSlip(ctx: AppContext, { viewer, tradeId }: { viewer: TradeViewer; tradeId: number }): Promise<Uint8Array> {
  const trade = await findTradeById(ctx.db, tradeId);
  if (!trade || !canSeeTrade(trade, viewer)) throw notFound('Trade');
  const side = trade.proposerId === viewer.id ? 'proposer' : trade.receiverId === viewer.id ? 'receiver' : null;
  if (!side) throw forbidden('Only the two parties of a trade print its packing slips');
  if (!PACKING_SLIP_STATUSES.includes(trade.status)) {
    throw new AppError('TRADE_INVALID_TRANSITION', `This trade is ${trade.status}: a packing slip is ready once the trade is accepted`);
  }

  if (trade.viaAuthentication) return printCentreBoundSlip(ctx, { trade, viewer, side });
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

/**
 * The slip of a box sent to the authentication centre (docs/rules/inspection.md#what-changes-on-the-trade):
 * to the centre's configured address, headed with the trade and the pair's number at the centre, so
 * the inspector knows which pair it is. The other member's address is not read: the centre forwards.
 */
async function printCentreBoundSlip(
  ctx: AppContext,
  { trade, viewer, side }: { trade: TradeRow; viewer: TradeViewer; side: 'proposer' | 'receiver' },
): Promise<Uint8Array> {
  const pairId = await tradeCentre().findPairIdOfSide(ctx.db, { tradeId: trade.id, side });
  return printPackingSlip(ctx, {
    reference: pairId ? `Trade #${trade.id}, pair #${pairId}` : `Trade #${trade.id}`,
    fromId: viewer.id,
    toId: CENTRE,
    shipTo: null,
    sneakerIds: side === 'proposer' ? trade.proposerSneakerIds : trade.receiverSneakerIds,
    acceptedAt: trade.acceptedAt,
    shipBy: trade.shipBy,
    pagePath: `/trades?trade=${trade.id}`,
    closing: [
      'This box goes to the authentication centre, which inspects the pairs and sends them on. Put this',
      'slip in the box, on top of the pairs, and mark your side shipped with the tracking number.',
    ],
  });
}
