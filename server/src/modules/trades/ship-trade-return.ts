import type { ShipReturn, TradeReturn } from '@soleswap/contracts/trades';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { hasChosenShipTo } from '../addresses/ship-to-chosen';
import { checkedTracking } from '../parcels/checked-tracking';
import { claimTrackingNumber } from '../parcels/claim-tracking-number';
import { runReturnStep } from './trade-return-step';
import type { TradeViewer } from './trade-view';

/** Said when a pair would go back to an owner who has not chosen where it should arrive. */
export const RETURN_SHIP_TO_MISSING_MESSAGE =
  'The owner of this pair has not chosen a ship-to address for this trade yet: you can send it back once they have chosen where it goes';

/**
 * The member holding the other's pair ships it back (POST /api/trade-returns/:id/ship) with a
 * tracking number: checked (400), on no other parcel that has not arrived (409
 * TRACKING_NUMBER_IN_USE), and only once the owner has a ship-to for the trade (409
 * SHIP_TO_MISSING on `shipTo`), read under the return's row lock, which choosing one also takes.
 * The owner is told in the bell.
 */
export async function shipTradeReturn(
  ctx: AppContext,
  { viewer, returnId, input }: { viewer: TradeViewer; returnId: number; input: ShipReturn },
): Promise<TradeReturn> {
  const tracking = checkedTracking(input.trackingNumber);
  return runReturnStep(ctx, { viewer, returnId, action: 'ship' }, async (tx, row, _decision, at) => {
    if (!(await hasChosenShipTo(tx, { tradeId: row.tradeId, userId: row.ownerId }))) {
      throw new AppError('SHIP_TO_MISSING', RETURN_SHIP_TO_MISSING_MESSAGE, { fields: { shipTo: RETURN_SHIP_TO_MISSING_MESSAGE } });
    }
    await claimTrackingNumber(tx, { route: 'return', leg: String(row.id), trackingNumber: tracking.trackingNumber, at });
    return { trackingNumber: tracking.trackingNumber, carrier: tracking.carrier, shippedAt: at };
  });
}
