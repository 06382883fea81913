import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import type { ShipToTradeFacts, ShipToViewer } from '../addresses/ship-to-access';
import { canSeeTrade } from './trade-access';
import { tradeCentre } from './trade-centre';
import { findTradeById, lockTrade } from './trades.repository';

/**
 * What the addresses module needs to know about a trade to show or change its ship-to addresses,
 * for a caller who may see the trade (404 otherwise, as for GET /api/trades/:id). Handed to the
 * addresses routes in register-modules; `forUpdate` holds the trade row until the caller's
 * transaction ends, so a change of address and a "ship" cannot cross.
 */
export async function readShipToFacts(
  db: Db,
  { tradeId, viewer, forUpdate }: { tradeId: number; viewer: ShipToViewer; forUpdate: boolean },
): Promise<ShipToTradeFacts> {
  const trade = forUpdate ? await lockTrade(db, tradeId) : await findTradeById(db, tradeId);
  if (!trade || !canSeeTrade(trade, viewer)) throw notFound('Trade');
  return {
    id: trade.id,
    proposerId: trade.proposerId,
    receiverId: trade.receiverId,
    status: trade.status,
    acceptedAt: trade.acceptedAt,
    closedAt: trade.closedAt,
    proposerShippedAt: trade.proposerShippedAt,
    receiverShippedAt: trade.receiverShippedAt,
    viaAuthentication: trade.viaAuthentication,
    awaitingFromCentre: trade.viaAuthentication ? await tradeCentre().membersAwaitingFromCentre(db, trade) : [],
  };
}
