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
  /** Via authentication: the members a pair at the centre (or on its way there) will still be sent to. */
  awaitingFromCentre?: string[];
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
    const window = addressWindow({ bindingAt: trade.acceptedAt, closedAt: trade.closedAt, isOpenProposal: trade.status === 'pending' }, now);
    const hiddenReason = window.hiddenReason ?? (trade.viaAuthentication ? 'via_authentication' : null);
    return { kind: 'party', side, counterpartyVisible: hiddenReason === null, hiddenReason, visibleUntil: window.visibleUntil };
  }
  if (viewer.isAdmin) return trade.status === 'disputed' ? { kind: 'admin-dispute' } : { kind: 'admin-outside-dispute' };
  return { kind: 'none' };
}

/**
 * The one window in which a member sees the address their parcel goes to, for a trade and for a
 * loop's leg alike: from when the deal binds (a trade's acceptance, a loop's last acceptance) until
 * SHIP_TO_VISIBLE_DAYS after it ends (`closedAt`). Why it is hidden, or null inside the window;
 * and when it closes (null while the deal is open or never bound).
 */
export function addressWindow(
  { bindingAt, closedAt, isOpenProposal }: { bindingAt: Date | null; closedAt: Date | null; isOpenProposal: boolean },
  now: Date,
): { hiddenReason: ShipToHiddenReason | null; visibleUntil: Date | null } {
  if (!bindingAt) return { hiddenReason: isOpenProposal ? 'before_acceptance' : 'trade_not_accepted', visibleUntil: null };
  const visibleUntil = closedAt ? new Date(closedAt.getTime() + SHIP_TO_VISIBLE_DAYS * DAY_MS) : null;
  if (visibleUntil && now.getTime() >= visibleUntil.getTime()) return { hiddenReason: 'window_closed', visibleUntil };
  return { hiddenReason: null, visibleUntil };
}

/** What the address rules need to know about a loop (handed in by the loops module). */
export interface ShipToLoopFacts {
  id: number;
  status: string;
  /** When the last member accepted with a ship-to: the loop became binding (active). */
  acceptedAt: Date | null;
  closedAt: Date | null;
  /** Member i gives leg i to member i + 1. */
  legs: ReadonlyArray<{ position: number; fromUserId: string; toUserId: string; shippedAt: Date | null }>;
}

/** What a caller may see of where one leg of a loop goes (its receiver's ship-to). */
export type LoopLegShipToAccess =
  | { kind: 'sender'; visible: boolean; hiddenReason: ShipToHiddenReason | null; visibleUntil: Date | null }
  | { kind: 'receiver' }
  | { kind: 'admin-dispute' }
  | { kind: 'other-member' }
  | { kind: 'none' };

/**
 * A leg's address goes to one member: its sender, in the same window as a trade's other side
 * (addressWindow). Its receiver sees their own choice. A third member of the loop has no parcel
 * going there and never sees it (403: they know the loop, not the address). An admin who is not a
 * member sees it only while the loop is disputed. Anyone else: the loop does not exist for them.
 */
export function loopLegShipToAccess(loop: ShipToLoopFacts, position: number, viewer: ShipToViewer, now: Date): LoopLegShipToAccess {
  const leg = loop.legs.find((l) => l.position === position);
  const isMember = loop.legs.some((l) => l.fromUserId === viewer.id);
  if (!leg) return isMember ? { kind: 'other-member' } : { kind: 'none' };
  if (leg.fromUserId === viewer.id) {
    const { hiddenReason, visibleUntil } = addressWindow(
      { bindingAt: loop.acceptedAt, closedAt: loop.closedAt, isOpenProposal: loop.status === 'proposed' },
      now,
    );
    return { kind: 'sender', visible: hiddenReason === null, hiddenReason, visibleUntil };
  }
  if (leg.toUserId === viewer.id) return { kind: 'receiver' };
  if (isMember) return { kind: 'other-member' };
  if (viewer.isAdmin && loop.status === 'disputed') return { kind: 'admin-dispute' };
  return { kind: 'none' };
}

/**
 * Why a loop member may not (re)choose where their incoming leg goes now, or null when they may:
 * while the loop is proposed (with their acceptance) or active, and never once the member before
 * them has shipped to the old address.
 */
export function loopShipToChangeRefusal(loop: ShipToLoopFacts, memberId: string): string | null {
  if (loop.status !== 'proposed' && loop.status !== 'active') return `This loop is ${loop.status}: its ship-to addresses can no longer change`;
  const incoming = loop.legs.find((l) => l.toUserId === memberId);
  if (incoming?.shippedAt) return 'The member before you has already shipped to the address you chose; ask them in the loop chat instead';
  return null;
}

/**
 * Why a side may not (re)choose its ship-to now, or null when it may: only while the trade is
 * pending or accepted, and never once the other side has shipped its parcel to the old address. Via
 * authentication: while the trade is pending, or while a pair at the centre will still be sent to
 * the member (whatever the trade's status: a return after it was cancelled too), never after.
 */
export function shipToChangeRefusal(trade: ShipToTradeFacts, side: ShipToSide): string | null {
  // Via authentication the parcels go to the centre, which reads this address only when it sends a
  // pair to the member: they may choose it while one is still to come to them (a return included).
  if (trade.viaAuthentication && trade.status !== 'pending') {
    const memberId = side === 'proposer' ? trade.proposerId : trade.receiverId;
    if (trade.awaitingFromCentre?.includes(memberId)) return null;
    if (trade.status === 'accepted') return 'The centre has already sent the pair coming to you; ask in the chat if anything is wrong';
  }
  if (trade.status !== 'pending' && trade.status !== 'accepted') return `This trade is ${trade.status}: its ship-to addresses can no longer change`;
  const otherShippedAt = side === 'proposer' ? trade.receiverShippedAt : trade.proposerShippedAt;
  if (otherShippedAt && !trade.viaAuthentication) return 'The other side has already shipped to the address you chose; ask them in the chat instead';
  return null;
}
