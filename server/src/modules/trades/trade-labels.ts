import type { BuyLabel, ShippingLabel, TradeShipping } from '@soleswap/contracts/shipping';
import type { AppContext } from '../../context';
import { AppError, forbidden, notFound } from '../../errors';
import { readTradeShipTo } from '../addresses/read-trade-ship-to';
import { findTradeMembersWithShipTo } from '../addresses/ship-to-chosen';
import { buyLegLabel } from '../shipping/buy-leg-label';
import { labelWithSlip } from '../shipping/label-with-slip';
import { findLegLabels, getLegLabel, getLegLabelPdf } from '../shipping/leg-labels';
import { getPackingSlip } from './get-packing-slip';
import { tradeParcelLeg } from './open-trade-parcels';
import { readShipToFacts } from './ship-to-facts';
import { canSeeTrade } from './trade-access';
import type { TradeViewer } from './trade-view';
import { findTradeById, type TradeRow } from './trades.repository';

type Side = 'proposer' | 'receiver';
const SIDES: readonly Side[] = ['proposer', 'receiver'];

/** Where a trade's printable label (with its packing slip) is fetched. */
export const tradeLabelUrl = (tradeId: number) => `/api/trades/${tradeId}/label.pdf`;

/** What a member is told when the other side has not chosen where their pairs go (409 SHIP_TO_MISSING, fields.shipTo). */
export const OTHER_SHIP_TO_MISSING = 'The other side has not chosen their ship-to address yet: the label can be bought once they do';
/** What a member is told when their own address, printed as the return address, is not chosen (409 SHIP_TO_MISSING). */
export const OWN_SHIP_TO_MISSING = 'Choose your own ship-to address first: the label prints it as the return address';

function sideOf(trade: TradeRow, memberId: string): Side | null {
  return trade.proposerId === memberId ? 'proposer' : trade.receiverId === memberId ? 'receiver' : null;
}

const shippedAtOf = (trade: TradeRow, side: Side) => (side === 'proposer' ? trade.proposerShippedAt : trade.receiverShippedAt);

/**
 * POST /api/trades/:id/label (docs/rules/shipping.md#a-label-per-leg): the caller buys the label of
 * their own side's parcel on an accepted trade, from their ship-to (the return address) to the other
 * side's, read under the address rules and recorded as any read is. Parties only (a stranger is told
 * the trade does not exist; an admin is no sender). Refused with 409 while the other side has no
 * ship-to (SHIP_TO_MISSING, naming it), once the side has shipped, and on a trade via authentication
 * (its parcels go to the centre). A side that has its label is answered it again.
 */
export async function buyTradeLabel(
  ctx: AppContext,
  { viewer, tradeId, input }: { viewer: TradeViewer; tradeId: number; input: BuyLabel },
): Promise<ShippingLabel> {
  const trade = await findTradeById(ctx.db, tradeId);
  if (!trade || !canSeeTrade(trade, viewer)) throw notFound('Trade');
  const side = sideOf(trade, viewer.id);
  if (!side) throw forbidden('Only the two parties of a trade buy its shipping labels');
  const legKey = tradeParcelLeg(trade.id, side);
  const labelUrl = tradeLabelUrl(trade.id);
  const existing = await getLegLabel(ctx.db, { route: 'trade', legKey, labelUrl });
  if (existing) return existing;
  if (trade.status !== 'accepted') {
    throw new AppError(
      'TRADE_INVALID_TRANSITION',
      `This trade is ${trade.status}: a label is bought once the trade is accepted, before your side ships`,
    );
  }
  if (trade.viaAuthentication) {
    throw new AppError(
      'TRADE_INVALID_TRANSITION',
      'This trade goes via the authentication centre: its parcels are sent to the centre, not bought here',
    );
  }
  if (shippedAtOf(trade, side)) throw new AppError('TRADE_INVALID_TRANSITION', 'Your side of this trade is already shipped');

  const facts = await readShipToFacts(ctx.db, { tradeId, viewer, forUpdate: false });
  const shipTo = await readTradeShipTo(ctx, { trade: facts, viewer });
  if (!shipTo.counterparty) throw new AppError('SHIP_TO_MISSING', OTHER_SHIP_TO_MISSING, { fields: { shipTo: OTHER_SHIP_TO_MISSING } });
  if (!shipTo.mine) throw new AppError('SHIP_TO_MISSING', OWN_SHIP_TO_MISSING, { fields: { shipTo: OWN_SHIP_TO_MISSING } });
  const { chosenAt: _fromChosen, ...from } = shipTo.mine;
  const { chosenAt: _toChosen, ...to } = shipTo.counterparty;
  return buyLegLabel(ctx, { leg: { route: 'trade', legKey, senderId: viewer.id, from, to, labelUrl }, input });
}

/**
 * GET /api/trades/:id/shipping: both sides' labels and carrier timelines, the caller's side first.
 * Each party sees both legs' status and events (no address: only whether the carrier's postal code
 * differs from the ship-to); an admin sees them while the trade is disputed, as the trade itself.
 */
export async function getTradeShipping(ctx: AppContext, { viewer, tradeId }: { viewer: TradeViewer; tradeId: number }): Promise<TradeShipping> {
  const trade = await findTradeById(ctx.db, tradeId);
  if (!trade || !canSeeTrade(trade, viewer)) throw notFound('Trade');
  const mySide = sideOf(trade, viewer.id);
  const labels = await findLegLabels(ctx.db, {
    route: 'trade',
    legKeys: SIDES.map((side) => tradeParcelLeg(trade.id, side)),
    labelUrl: () => tradeLabelUrl(trade.id),
  });
  const otherSide = (side: Side): Side => (side === 'proposer' ? 'receiver' : 'proposer');
  const withShipTo = (await findTradeMembersWithShipTo(ctx.db, [trade.id])).get(trade.id) ?? new Set<string>();
  const hasShipTo = { proposer: withShipTo.has(trade.proposerId), receiver: withShipTo.has(trade.receiverId) };
  const ordered = mySide ? [mySide, otherSide(mySide)] : SIDES;
  return {
    tradeId: trade.id,
    legs: ordered.map((side) => {
      return {
        side,
        isMine: side === mySide,
        canBuyLabel:
          side === mySide && trade.status === 'accepted' && !trade.viaAuthentication && !shippedAtOf(trade, side) && hasShipTo[otherSide(side)],
        label: labels.get(tradeParcelLeg(trade.id, side)) ?? null,
      };
    }),
  };
}

/**
 * GET /api/trades/:id/label.pdf: the caller's own side's label and the trade's packing slip as one
 * PDF. Parties only, as the slip; 404 while the side has no bought label.
 */
export async function getTradeLabelPdf(ctx: AppContext, { viewer, tradeId }: { viewer: TradeViewer; tradeId: number }): Promise<Uint8Array> {
  const trade = await findTradeById(ctx.db, tradeId);
  if (!trade || !canSeeTrade(trade, viewer)) throw notFound('Trade');
  const side = sideOf(trade, viewer.id);
  if (!side) throw forbidden('Only the two parties of a trade print its labels');
  const labelPdf = await getLegLabelPdf(ctx.db, { route: 'trade', legKey: tradeParcelLeg(trade.id, side) });
  if (!labelPdf) throw notFound('Label');
  return labelWithSlip(labelPdf, await getPackingSlip(ctx, { viewer, tradeId }));
}
