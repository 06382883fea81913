import type { TradeShipTo } from '@soleswap/contracts/addresses';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../errors';
import { findShipTos, insertAddressReads } from './addresses.repository';
import { toShipTo } from './address-view';
import { shipToAccess, shipToChangeRefusal, type ShipToTradeFacts, type ShipToViewer } from './ship-to-access';

/**
 * A trade's ship-to addresses as this caller may see them (GET /api/trades/:id/ship-to): see
 * shipToAccess. Every answer that holds another member's address writes one address_reads row per
 * address shown (who read whose, for which trade, when), in the same transaction as the read.
 */
export async function readTradeShipTo(ctx: AppContext, { trade, viewer }: { trade: ShipToTradeFacts; viewer: ShipToViewer }): Promise<TradeShipTo> {
  const access = shipToAccess(trade, viewer, ctx.now());
  if (access.kind === 'none') throw notFound('Trade');
  if (access.kind === 'admin-outside-dispute')
    throw new AppError('FORBIDDEN', 'Admins see the ship-to addresses of a trade only while it is disputed');

  return ctx.db.transaction(async (tx) => {
    const rows = await findShipTos(tx, { kind: 'trade', id: trade.id });
    const of = (userId: string) => rows.find((row) => row.userId === userId) ?? null;
    const at = ctx.now();
    if (access.kind === 'admin-dispute') {
      const shown = [of(trade.proposerId), of(trade.receiverId)].filter((row) => row !== null);
      await insertAddressReads(
        tx,
        shown.map((row) => ({ readerId: viewer.id, ownerId: row.userId, tradeId: trade.id, reason: 'admin-dispute', readAt: at })),
      );
      const proposer = of(trade.proposerId);
      const receiver = of(trade.receiverId);
      return {
        tradeId: trade.id,
        yourSide: null,
        mine: null,
        counterparty: proposer ? toShipTo(proposer) : null,
        receiver: receiver ? toShipTo(receiver) : null,
        hiddenReason: null,
        visibleUntil: null,
        canChange: false,
        viaAuthentication: trade.viaAuthentication === true,
      };
    }
    const mine = of(viewer.id);
    const otherId = access.side === 'proposer' ? trade.receiverId : trade.proposerId;
    const other = access.counterpartyVisible ? of(otherId) : null;
    if (other) await insertAddressReads(tx, [{ readerId: viewer.id, ownerId: otherId, tradeId: trade.id, reason: 'counterparty', readAt: at }]);
    return {
      tradeId: trade.id,
      yourSide: access.side,
      mine: mine ? toShipTo(mine) : null,
      counterparty: other ? toShipTo(other) : null,
      receiver: null,
      hiddenReason: access.hiddenReason ?? (other ? null : 'not_chosen'),
      visibleUntil: access.visibleUntil?.toISOString() ?? null,
      canChange: shipToChangeRefusal(trade, access.side) === null,
      viaAuthentication: trade.viaAuthentication === true,
    };
  });
}
