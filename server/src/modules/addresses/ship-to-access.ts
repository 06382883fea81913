import { DAY_MS } from '@soleswap/contracts/time';
import { SHIP_TO_VISIBLE_DAYS, type ShipToHiddenReason } from '@soleswap/contracts/addresses';

/** What the address rules need to know about a trade (handed in by the trades module). */
export interface ShipToTradeFacts {
  id: number;
  proposerId: string;
  receiverId: string;
  status: string;
  acceptedAt: Date | null;
  closedAt: Date | null;
  proposerShippedAt: Date | null;
  receiverShippedAt: Date | null;
  /** Both pairs go through the authentication centre: the members never see each other's address. */
  viaAuthentication?: boolean;
}

export interface ShipToViewer {
  id: string;
  isAdmin: boolean;
}

export type ShipToSide = 'proposer' | 'receiver';

/** What a caller may see of a trade's ship-to addresses (docs/rules/addresses.md#who-sees-a-ship-to-address). */
export type ShipToAccess =
  | { kind: 'party'; side: ShipToSide; counterpartyVisible: boolean; hiddenReason: ShipToHiddenReason | null; visibleUntil: Date | null }
  | { kind: 'admin-dispute' }
  | { kind: 'admin-outside-dispute' }
  | { kind: 'none' };

export function sideOf(trade: Pick<ShipToTradeFacts, 'proposerId' | 'receiverId'>, userId: string): ShipToSide | null {
  if (trade.proposerId === userId) return 'proposer';
  if (trade.receiverId === userId) return 'receiver';
  return null;
}

/**
 * A party always sees their own choice, and the other side's from acceptance until
 * SHIP_TO_VISIBLE_DAYS after the trade ends (completed or cancelled), except on a trade via
 * authentication, whose pairs go to the centre (docs/rules/inspection.md). An admin who is not a party
 * sees both only while the trade is disputed. Nobody else sees anything.
 */
export function shipToAccess(trade: ShipToTradeFacts, viewer: ShipToViewer, now: Date): ShipToAccess {
  const side = sideOf(trade, viewer.id);
  if (side) {
    const visibleUntil = trade.closedAt ? new Date(trade.closedAt.getTime() + SHIP_TO_VISIBLE_DAYS * DAY_MS) : null;
    let hiddenReason: ShipToHiddenReason | null = null;
    if (!trade.acceptedAt) hiddenReason = trade.status === 'pending' ? 'before_acceptance' : 'trade_not_accepted';
    else if (visibleUntil && now.getTime() >= visibleUntil.getTime()) hiddenReason = 'window_closed';
    else if (trade.viaAuthentication) hiddenReason = 'via_authentication';
    return { kind: 'party', side, counterpartyVisible: hiddenReason === null, hiddenReason, visibleUntil: trade.acceptedAt ? visibleUntil : null };
  }
  if (viewer.isAdmin) return trade.status === 'disputed' ? { kind: 'admin-dispute' } : { kind: 'admin-outside-dispute' };
  return { kind: 'none' };
}

/**
 * Why a side may not (re)choose its ship-to now, or null when it may: only while the trade is
 * pending or accepted, and never once the other side has shipped its parcel to the old address.
 */
export function shipToChangeRefusal(trade: ShipToTradeFacts, side: ShipToSide): string | null {
  if (trade.status !== 'pending' && trade.status !== 'accepted') return `This trade is ${trade.status}: its ship-to addresses can no longer change`;
  const otherShippedAt = side === 'proposer' ? trade.receiverShippedAt : trade.proposerShippedAt;
  // Via authentication the other side's parcel went to the centre, which reads this address only when it forwards.
  if (otherShippedAt && !trade.viaAuthentication) return 'The other side has already shipped to the address you chose; ask them in the chat instead';
  return null;
}
