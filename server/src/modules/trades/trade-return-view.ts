import type { TradeReturn } from '@soleswap/contracts/trades';
import { trackingOf } from '@soleswap/contracts/tracking-numbers';
import type { Db } from '../../db/client';
import { hasChosenShipTo } from '../addresses/ship-to-chosen';
import type { ShipToReturnFacts } from '../addresses/return-ship-to-access';
import { allowedReturnActions, isReturnOverdue, type TradeReturnRole } from './trade-return.machine';
import type { TradeReturnRow } from './trade-returns.repository';
import type { TradeViewer } from './trade-view';

/** The caller's part in a return: the member sending it back, or the one it belongs to. */
export function returnRolesOf(row: Pick<TradeReturnRow, 'ownerId' | 'senderId'>, viewer: TradeViewer): TradeReturnRole[] {
  if (viewer.id === row.senderId) return ['sender'];
  if (viewer.id === row.ownerId) return ['owner'];
  return [];
}

/**
 * Only the two members see a return, and an admin (a return follows a ruling on a dispute, which
 * admins read); anyone else is told it does not exist.
 */
export function canSeeReturn(row: Pick<TradeReturnRow, 'ownerId' | 'senderId'>, viewer: TradeViewer): boolean {
  return returnRolesOf(row, viewer).length > 0 || viewer.isAdmin;
}

/** What the address rules need to know about a return. */
export function returnShipToFacts(row: TradeReturnRow): ShipToReturnFacts {
  return {
    id: row.id,
    tradeId: row.tradeId,
    ownerId: row.ownerId,
    senderId: row.senderId,
    status: row.status,
    createdAt: row.createdAt,
    receivedAt: row.receivedAt,
  };
}

/** The API shape of a return for one viewer, with the actions its machine allows them. */
export async function buildTradeReturnView(db: Db, row: TradeReturnRow, viewer: TradeViewer, now: Date): Promise<TradeReturn> {
  const roles = returnRolesOf(row, viewer);
  return {
    id: row.id,
    tradeId: row.tradeId,
    ownerId: row.ownerId,
    senderId: row.senderId,
    ownerSide: row.ownerSide,
    sneakerIds: row.sneakerIds,
    status: row.status,
    returnBy: row.returnBy.toISOString(),
    isOverdue: isReturnOverdue(row, now),
    tracking: trackingOf(row.carrier, row.trackingNumber),
    shippedAt: row.shippedAt?.toISOString() ?? null,
    receivedAt: row.receivedAt?.toISOString() ?? null,
    myRole: roles[0] ?? null,
    hasShipTo: await hasChosenShipTo(db, { tradeId: row.tradeId, userId: row.ownerId }),
    allowedActions: allowedReturnActions(row.status, roles),
  };
}
