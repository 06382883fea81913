import type { Trade, ShipTrade } from '@soleswap/contracts/trades';
import type { AppContext } from '../../context';
import { receiveByAfterShipping } from '../../machines/receive-by';
import { AppError } from '../../errors';
import { checkedTracking } from '../parcels/checked-tracking';
import { hasLabel, recordTypedNumber } from '../shipping/track-typed-number';
import { tradeParcelLeg } from './open-trade-parcels';
import { runTradeTransition } from './trade-transition';
import { buildTradeView, type TradeViewer } from './trade-view';

/** What a typed number is told when SHIPPING_MANUAL_NUMBERS is off (409 CONFLICT). */
export const TYPED_NUMBERS_OFF = 'Tracking numbers are not typed here: buy a label for your side, and it ships at the carrier’s first scan';
/** What a typed number is told on a side that has a label (409 CONFLICT). */
export const SIDE_HAS_LABEL = 'Your side has a shipping label: it ships at the carrier’s first scan, with the label’s number';

/**
 * The caller marks their side of an accepted trade shipped (ledger 'ship'), with the parcel's
 * tracking number: a valid UPS, USPS or FedEx number, kept normalised with its carrier. The other
 * side must confirm receipt by the receive-by this sets, or the deadline sweep does it. Typed
 * numbers are taken only with SHIPPING_MANUAL_NUMBERS, and not on a side that has a label; the
 * number then gets a tracker (docs/rules/shipping.md#typed-numbers).
 */
export async function markTradeShipped(
  ctx: AppContext,
  { actor, tradeId, input, isDemo = false }: { actor: TradeViewer; tradeId: number; input: ShipTrade; isDemo?: boolean },
): Promise<Trade> {
  const shipment = checkedTracking(input.trackingNumber);
  // The demo trades seeded at start ship with typed numbers whatever the setting (seed-demo-trades.ts).
  if (!ctx.env.SHIPPING_MANUAL_NUMBERS && !isDemo) throw new AppError('CONFLICT', TYPED_NUMBERS_OFF);
  const legKeys = [tradeParcelLeg(tradeId, 'proposer'), tradeParcelLeg(tradeId, 'receiver')];
  if (await hasLabel(ctx.db, { route: 'trade', legKeys, senderId: actor.id })) throw new AppError('CONFLICT', SIDE_HAS_LABEL);
  const receiveBy = receiveByAfterShipping(ctx.now(), ctx.env);
  const { trade } = await runTradeTransition(ctx, { tradeId, actor, action: 'ship', shipment, receiveBy });
  const legKey = tradeParcelLeg(trade.id, trade.proposerId === actor.id ? 'proposer' : 'receiver');
  const { carrier, trackingNumber } = shipment;
  await recordTypedNumber(ctx, { route: 'trade', legKey, senderId: actor.id, carrier, trackingNumber, destinationPostalCode: null });
  return buildTradeView(ctx.db, trade, actor);
}
