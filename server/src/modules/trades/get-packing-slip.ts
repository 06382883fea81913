import { PACKING_SLIP_STATUSES } from '@soleswap/contracts/trades';
import type { AppContext } from '../../context';
import { AppError, forbidden, notFound } from '../../errors';
import { COUNTRY_RULES } from '@soleswap/contracts/addresses-values';
import type { ShipToAddress } from '@soleswap/contracts/addresses';
import { readTradeShipTo } from '../addresses/read-trade-ship-to';
import { findPackingSlipPairs } from '../sneakers/sneaker-records';
import { findMemberCards, type MemberCardRow } from '../users/member-records';
import { renderPackingSlip } from './packing-slip-pdf';
import { canSeeTrade } from './trade-access';
import type { TradeViewer } from './trade-view';
import { findTradeById } from './trades.repository';

/** The name a slip prints for a member: their username, else their full name. */
function displayName(member: MemberCardRow | undefined): string {
  const fullName = [member?.firstName, member?.lastName].filter(Boolean).join(' ').trim();
  return member?.username?.trim() || fullName || 'SoleSwap member';
}

/** An address as a parcel label prints it. */
function addressLines(address: ShipToAddress): string[] {
  const rule = COUNTRY_RULES[address.country];
  const region = address.region ? (rule.regions?.[address.region] ?? address.region) : null;
  return [
    address.name,
    address.line1,
    ...(address.line2 ? [address.line2] : []),
    [address.city, region, address.postalCode].filter(Boolean).join(', '),
    rule.name,
  ];
}

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

  const otherId = side === 'proposer' ? trade.receiverId : trade.proposerId;
  const members = new Map((await findMemberCards(ctx.db, [viewer.id, otherId])).map((m) => [m.id, m]));
  const { counterparty: shipTo } = await readTradeShipTo(ctx, { trade, viewer });
  const pairs = await findPackingSlipPairs(ctx.db, side === 'proposer' ? trade.proposerSneakerIds : trade.receiverSneakerIds);
  return renderPackingSlip({
    tradeId: trade.id,
    fromName: displayName(members.get(viewer.id)),
    toName: displayName(members.get(otherId)),
    toAddress: shipTo ? addressLines(shipTo) : null,
    pairs,
    acceptedAt: trade.acceptedAt,
    shipBy: trade.shipBy,
    tradeUrl: `${ctx.env.APP_ORIGIN}/trades?trade=${trade.id}`,
  });
}
