import type { TradeShipTo } from '@soleswap/contracts/addresses';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError, forbidden } from '../../errors';
import { chooseShipTo } from './choose-ship-to';
import { readTradeShipTo } from './read-trade-ship-to';
import { shipToChangeRefusal, sideOf, type ShipToTradeFacts, type ShipToViewer } from './ship-to-access';

/**
 * Reads the facts of a trade the viewer may see (404 otherwise), locking its row when asked. The
 * trades module hands it in (register-modules), since trades depends on addresses, not the reverse.
 */
export type ShipToFactsReader = (db: Db, args: { tradeId: number; viewer: ShipToViewer; forUpdate: boolean }) => Promise<ShipToTradeFacts>;

/**
 * A side picks or changes its ship-to address (PUT /api/trades/:id/ship-to): only a party, only
 * while the trade is pending or accepted, and not after the other side has shipped to the old one
 * (shipToChangeRefusal). The trade row is locked meanwhile, so a "ship" cannot slip in between.
 */
export async function chooseTradeShipTo(
  ctx: AppContext,
  { viewer, tradeId, addressId }: { viewer: ShipToViewer; tradeId: number; addressId: number },
  readFacts: ShipToFactsReader,
): Promise<TradeShipTo> {
  const trade = await ctx.db.transaction(async (tx) => {
    const facts = await readFacts(tx, { tradeId, viewer, forUpdate: true });
    const side = sideOf(facts, viewer.id);
    if (!side) throw forbidden('Only the two sides of a trade choose where their parcel goes');
    const refusal = shipToChangeRefusal(facts, side);
    if (refusal) throw new AppError('TRADE_INVALID_TRANSITION', refusal);
    await chooseShipTo(tx, { tradeId, userId: viewer.id, addressId, at: ctx.now(), field: 'addressId' });
    return facts;
  });
  return readTradeShipTo(ctx, { trade, viewer });
}
