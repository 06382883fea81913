import type { AcceptTrade, Trade } from '@soleswap/contracts/trades';
import type { AppContext } from '../../context';
import { inTransaction } from '../../http/events-after-commit';
import { chooseShipTo } from '../addresses/choose-ship-to';
import { runTradeTransition } from './trade-transition';
import { buildTradeView, type TradeViewer } from './trade-view';

/**
 * The receiver accepts a pending trade: every sneaker of both sides is locked in escrow in one
 * transaction (409 SNEAKER_LOCKED naming the sneaker when one is gone, moved, hidden or locked
 * elsewhere), the ledger records the lock, and each side has SHIP_DEADLINE_DAYS to ship. A pair
 * flagged for review needs `acknowledgeFlagged` (409 TRADE_FLAGGED_UNACKNOWLEDGED), kept on the trade.
 * `shipToAddressId` (one of the receiver's own addresses, else 400 and nothing changes) is where the
 * proposer's parcel should go, recorded in the same transaction (docs/rules/addresses.md).
 */
export async function acceptTrade(
  ctx: AppContext,
  { actor, tradeId, input }: { actor: TradeViewer; tradeId: number; input?: AcceptTrade },
): Promise<Trade> {
  const shipToAddressId = input?.shipToAddressId;
  const trade = await inTransaction(ctx, async (txCtx) => {
    const { trade: accepted } = await runTradeTransition(txCtx, { tradeId, actor, action: 'accept', acknowledgeFlagged: input?.acknowledgeFlagged });
    if (shipToAddressId !== undefined) {
      await chooseShipTo(txCtx.db, { tradeId, userId: actor.id, addressId: shipToAddressId, at: txCtx.now(), field: 'shipToAddressId' });
    }
    return accepted;
  });
  return buildTradeView(ctx.db, trade, actor);
}
