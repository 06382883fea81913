import type { Trade, ShipTrade } from '@soleswap/contracts/trades';
import type { AppContext } from '../../context';
import { checkedTracking } from './checked-tracking';
import { runTradeTransition } from './trade-transition';
import { buildTradeView, type TradeViewer } from './trade-view';

/**
 * The caller marks their side of an accepted trade shipped (ledger 'ship'), with the parcel's
 * tracking number: a valid UPS, USPS or FedEx number, kept normalised with its carrier.
 */
export async function markTradeShipped(
  ctx: AppContext,
  { actor, tradeId, input }: { actor: TradeViewer; tradeId: number; input: ShipTrade },
): Promise<Trade> {
  const shipment = checkedTracking(input.trackingNumber);
  const { trade } = await runTradeTransition(ctx, { tradeId, actor, action: 'ship', shipment });
  return buildTradeView(ctx.db, trade, actor);
}
