import type { ShipToHiddenReason } from '@soleswap/contracts/addresses';
import { addressWindow, type ShipToViewer } from './ship-to-access';

/**
 * What the address rules need to know about a pair going back to its owner after a refund ruling
 * (handed in by the trades module): its parcel goes to the owner's ship-to for the trade.
 */
export interface ShipToReturnFacts {
  id: number;
  tradeId: number;
  ownerId: string;
  senderId: string;
  status: string;
  /** The ruling that asked for it: the return binds from here. */
  createdAt: Date;
  /** The owner confirmed it arrived: the return has ended. */
  receivedAt: Date | null;
}

/** What a caller may see of where a return goes. */
export type ReturnShipToAccess =
  | { kind: 'sender'; visible: boolean; hiddenReason: ShipToHiddenReason | null; visibleUntil: Date | null }
  | { kind: 'owner' }
  | { kind: 'admin' }
  | { kind: 'none' };

/**
 * The return leg's address goes to one member, the one sending the pair back, in the same window as
 * any parcel's receiver address (addressWindow): from the ruling until SHIP_TO_VISIBLE_DAYS after the
 * owner confirmed the pair arrived. The owner sees their own choice. An admin knows the return (the
 * trade was disputed) but not the address (403); anyone else is told the return does not exist.
 */
export function returnShipToAccess(ret: ShipToReturnFacts, viewer: ShipToViewer, now: Date): ReturnShipToAccess {
  if (viewer.id === ret.senderId) {
    const { hiddenReason, visibleUntil } = addressWindow({ bindingAt: ret.createdAt, closedAt: ret.receivedAt, isOpenProposal: false }, now);
    return { kind: 'sender', visible: hiddenReason === null, hiddenReason, visibleUntil };
  }
  if (viewer.id === ret.ownerId) return { kind: 'owner' };
  if (viewer.isAdmin) return { kind: 'admin' };
  return { kind: 'none' };
}

/**
 * Why the owner may not choose where their pair comes back now, or null when they may: only while it
 * has not shipped, and only when they have no ship-to for the trade yet (one they chose for the
 * trade may have received the other side's parcel: it stays the record of where that went).
 */
export function returnShipToChoiceRefusal(ret: ShipToReturnFacts, hasShipTo: boolean): string | null {
  if (ret.status !== 'awaiting_return') return 'Your pair is already on its way back: its address can no longer change';
  if (hasShipTo) return 'Your pair comes back to the ship-to you chose for this trade; ask the other member in the chat for any change';
  return null;
}
