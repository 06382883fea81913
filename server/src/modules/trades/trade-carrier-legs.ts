import { trackingOf } from '@soleswap/contracts/tracking-numbers';
import type { AppContext } from '../../context';
import { receiveByAfterDelivery, receiveByAfterShipping } from '../../machines/receive-by';
import type { CarrierException, CarrierLeg, CarrierLegHandler } from '../shipping/carrier-leg-handlers';
import { publishTradeChanged } from './publish-trade-changed';
import { runTradeTransition } from './trade-transition';
import { findTradesByIds, insertTradeEvent, lockTrade, updateTradeFrom, type TradeRow } from './trades.repository';

type Side = 'proposer' | 'receiver';

const other = (side: Side): Side => (side === 'proposer' ? 'receiver' : 'proposer');
const partyId = (trade: TradeRow, side: Side) => (side === 'proposer' ? trade.proposerId : trade.receiverId);
const shippedAt = (trade: TradeRow, side: Side) => (side === 'proposer' ? trade.proposerShippedAt : trade.receiverShippedAt);
const receivedAt = (trade: TradeRow, side: Side) => (side === 'proposer' ? trade.proposerReceivedAt : trade.receiverReceivedAt);

/** The trade and the sending side a label's leg names (`<trade id>:<side>`, tradeParcelLeg), or null for a key of no trade leg. */
function parseLeg(legKey: string): { tradeId: number; side: Side } | null {
  const [id, side] = legKey.split(':');
  const tradeId = Number(id);
  if (!Number.isSafeInteger(tradeId) || (side !== 'proposer' && side !== 'receiver')) return null;
  return { tradeId, side };
}

/**
 * The carrier's first scan ships the side, as if its sender had marked it shipped with the label's
 * number (the 'ship' transition on their behalf; the other side is told as usual). The receive-by
 * is set as for a typed number, counted from the scan: delivery then moves it. A side already
 * shipped, or a trade no longer accepted (cancelled at its ship deadline, disputed), is left alone.
 */
async function shipped(ctx: AppContext, leg: CarrierLeg, at: Date): Promise<void> {
  const parsed = parseLeg(leg.legKey);
  if (!parsed) return;
  const [trade] = await findTradesByIds(ctx.db, [parsed.tradeId]);
  if (!trade || trade.status !== 'accepted' || shippedAt(trade, parsed.side) !== null) return;
  await runTradeTransition(ctx, {
    tradeId: trade.id,
    actor: { id: partyId(trade, parsed.side), isAdmin: false },
    action: 'ship',
    shipment: trackingOf(leg.carrier, leg.trackingNumber) ?? undefined,
    receiveBy: receiveByAfterShipping(at, ctx.env),
  });
}

/**
 * The carrier delivered the side's parcel: the other side's receive window opens from the delivery
 * (receive-by = delivered + AUTO_RECEIVE_AFTER_DELIVERY_DAYS), so the deadline sweep confirms the
 * receipt when they neither confirm nor dispute by then. Only on an accepted trade (a disputed one
 * is never received automatically) whose receipt is not confirmed yet; a via-authentication
 * parcel goes to the centre, which confirms it itself.
 */
async function delivered(ctx: AppContext, leg: CarrierLeg, at: Date): Promise<void> {
  const parsed = parseLeg(leg.legKey);
  if (!parsed) return;
  const trade = await lockTrade(ctx.db, parsed.tradeId);
  const receiving = other(parsed.side);
  if (!trade || trade.status !== 'accepted' || trade.viaAuthentication) return;
  if (shippedAt(trade, parsed.side) === null || receivedAt(trade, receiving) !== null) return;
  const receiveBy = receiveByAfterDelivery(at, ctx.env);
  const saved = await updateTradeFrom(ctx.db, trade.id, 'accepted', {
    ...(receiving === 'proposer' ? { proposerReceiveBy: receiveBy } : { receiverReceiveBy: receiveBy }),
    updatedAt: ctx.now(),
  });
  if (!saved) return;
  await recordCarrierStep(ctx, saved, 'parcel-delivered', { side: parsed.side, deliveredAt: at.toISOString(), receiveBy: receiveBy.toISOString() });
}

/**
 * The carrier is sending the side's parcel back, or could not deliver it: recorded on the trade's
 * audit trail and told to both members ('trade.parcelException'); nothing ships, completes or is
 * cancelled by it (the members settle it, by a dispute if need be). A closed trade is left alone.
 */
async function exception(ctx: AppContext, leg: CarrierLeg, kind: CarrierException, at: Date): Promise<void> {
  const parsed = parseLeg(leg.legKey);
  if (!parsed) return;
  const trade = await lockTrade(ctx.db, parsed.tradeId);
  if (!trade || (trade.status !== 'accepted' && trade.status !== 'disputed')) return;
  await recordCarrierStep(ctx, trade, kind === 'returned' ? 'parcel-returned' : 'parcel-failed', { side: parsed.side, at: at.toISOString() });
  ctx.events.emit('trade.parcelException', {
    tradeId: trade.id,
    senderId: partyId(trade, parsed.side),
    recipientId: partyId(trade, other(parsed.side)),
    exception: kind,
    at,
  });
}

/** A carrier's step on the trade's audit trail, told to both members' open pages, and to the caches once it commits. */
async function recordCarrierStep(ctx: AppContext, trade: TradeRow, action: string, data: Record<string, unknown>): Promise<void> {
  await insertTradeEvent(ctx.db, {
    tradeId: trade.id,
    actorId: null,
    action,
    fromStatus: trade.status,
    toStatus: trade.status,
    data,
    createdAt: ctx.now(),
  });
  await publishTradeChanged(ctx.db, [{ trade, action }]);
  ctx.events.emit('trade.changed', { tradeId: trade.id, action, actorId: null, status: trade.status, userIds: [trade.proposerId, trade.receiverId] });
}

/** What the carrier's word does to a trade's two legs (handed to shipping in register-modules.ts). */
export const tradeCarrierLegs: CarrierLegHandler = { shipped, delivered, exception };
