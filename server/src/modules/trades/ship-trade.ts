import type { Trade, ShipTrade } from '@soleswap/contracts/trades';
import type { AppContext } from '../../context';
import { receiveByAfterShipping } from '../../machines/receive-by';
import { checkedTracking } from '../parcels/checked-tracking';
import { runTradeTransition } from './trade-transition';
import { buildTradeView, type TradeViewer } from './trade-view';

/**
 * The caller marks their side of an accepted trade shipped (ledger 'ship'), with the parcel's
 * tracking number: a valid UPS, USPS or FedEx number, kept normalised with its carrier. The other
 * side must confirm receipt by the receive-by this sets, or the deadline sweep does it.
 */
export async function markTradeShipped(
  ctx: AppContext,
  { actor, tradeId, input }: { actor: TradeViewer; tradeId: number; input: ShipTrade },
): Promise<Trade> {
  const shipment = checkedTracking(input.trackingNumber);
  const receiveBy = receiveByAfterShipping(ctx.now(), ctx.env);
  const { trade } = await runTradeTransition(ctx, { tradeId, actor, action: 'ship', shipment, receiveBy });
  return buildTradeView(ctx.db, trade, actor);
}
