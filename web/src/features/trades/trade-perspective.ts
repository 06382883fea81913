import type { Tracking } from '@soleswap/contracts/tracking-numbers';
import type { EscrowStatus, Trade, TradeSneaker, TradeStatus } from '@soleswap/contracts/trades';

/** One party's side of a trade: what they put in and how their parcel is doing. */
export interface TradeSide {
  sneakers: TradeSneaker[];
  /** How many of the side's sneakers no longer exist (deleted since the proposal). */
  missingCount: number;
  shippedAt: string | null;
  trackingNumber: string | null;
  /** The parcel's carrier and tracking link (null for an older number recorded unchecked). */
  tracking: Tracking | null;
  /** When this party confirmed receiving the other side's parcel. */
  receivedAt: string | null;
  /** When this party's receipt is confirmed automatically if they have neither confirmed nor disputed. */
  receiveBy: string | null;
  cancelRequestedAt: string | null;
}

function sideOf(trade: Trade, role: 'proposer' | 'receiver'): TradeSide {
  const isProposer = role === 'proposer';
  const ids = isProposer ? trade.proposerSneakerIds : trade.receiverSneakerIds;
  const sneakers = isProposer ? trade.proposerSneakers : trade.receiverSneakers;
  return {
    sneakers,
    missingCount: Math.max(0, ids.length - sneakers.length),
    shippedAt: isProposer ? trade.proposerShippedAt : trade.receiverShippedAt,
    trackingNumber: isProposer ? trade.proposerTrackingNumber : trade.receiverTrackingNumber,
    tracking: isProposer ? trade.proposerTracking : trade.receiverTracking,
    receivedAt: isProposer ? trade.proposerReceivedAt : trade.receiverReceivedAt,
    receiveBy: isProposer ? trade.proposerReceiveBy : trade.receiverReceiveBy,
    cancelRequestedAt: isProposer ? trade.proposerCancelRequestedAt : trade.receiverCancelRequestedAt,
  };
}

/** The trade seen from the caller: "me" gives `me.sneakers` and gets `them.sneakers`. */
export function tradePerspective(trade: Trade): { me: TradeSide; them: TradeSide } {
  const other = trade.myRole === 'proposer' ? 'receiver' : 'proposer';
  return { me: sideOf(trade, trade.myRole), them: sideOf(trade, other) };
}

/** My user id and the counterparty's, whichever side I am on. */
export function partyIds(trade: Trade): { myId: string; theirId: string } {
  return trade.myRole === 'proposer' ? { myId: trade.proposerId, theirId: trade.receiverId } : { myId: trade.receiverId, theirId: trade.proposerId };
}

export const STATUS_LABELS: Record<TradeStatus, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
  countered: 'Countered',
  completed: 'Completed',
  disputed: 'Disputed',
  expired: 'Expired',
};

/** A status label, with unknown future statuses shown as they come. */
export function statusLabel(status: string): string {
  return STATUS_LABELS[status as TradeStatus] ?? status.charAt(0).toUpperCase() + status.slice(1);
}

export const ESCROW_LABELS: Record<EscrowStatus, string> = {
  pending: 'Not locked yet',
  locked: 'Locked in escrow',
  released: 'Released to the new owners',
  refunded: 'Refunded to the original owners',
};

/** Statuses in which parcels move: the shipping progress is worth showing. */
export function hasShippingStage(trade: Pick<Trade, 'status' | 'acceptedAt'>): boolean {
  return trade.acceptedAt !== null || trade.status === 'accepted' || trade.status === 'disputed';
}
