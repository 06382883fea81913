import type { ForwardPair, InspectionJourney } from '@soleswap/contracts/inspection';
import type { AppContext } from '../../context';
import { checkedTracking } from '../parcels/checked-tracking';
import { runInspectionTransition, type InspectionViewer } from './inspection-transition';
import { pairJourney } from './pair-journey';

/**
 * An inspector sends a pair on, with the new parcel's tracking number (a valid UPS, USPS or FedEx
 * number, else 400 before anything changes): to the other member once both pairs passed (the second
 * completes the trade through the trade machine), or back to its owner when the trade ended.
 */
export async function forwardPair(
  ctx: AppContext,
  { viewer, pairId, input }: { viewer: InspectionViewer; pairId: number; input: ForwardPair },
): Promise<InspectionJourney> {
  const forward = checkedTracking(input.trackingNumber);
  const row = await runInspectionTransition(ctx, { pairId, actor: viewer, action: 'forward', forward });
  return pairJourney(ctx, row, viewer);
}
