import type { AppContext } from '../../context';
import { readShipToForCentre } from '../addresses/read-ship-to-for-centre';
import { CENTRE, printPackingSlip } from '../custody/print-packing-slip';
import type { InspectionViewer } from './inspection-transition';
import { refuseForwardWithoutShipTo } from './pair-heading';
import { readyPair } from './ready-pair';

/**
 * GET /api/inspection/pairs/:id/packing-slip.pdf: the slip of the parcel the centre sends a pair in
 * (docs/rules/inspection.md#inspectors), from the centre to the member it goes to, at the ship-to
 * they chose for the trade. Inspectors only, once the pair is ready to go (409 before); a member who
 * chose no ship-to is 409 SHIP_TO_MISSING, as the forward itself would be. The read is recorded.
 */
export async function getForwardSlip(ctx: AppContext, { viewer, pairId }: { viewer: InspectionViewer; pairId: number }): Promise<Uint8Array> {
  const { pair, trade, to, memberId } = await readyPair(ctx, { viewer, pairId });
  await refuseForwardWithoutShipTo(ctx.db, { pair, to });
  const shipTo = await readShipToForCentre(ctx, { tradeId: pair.tradeId, memberId, readerId: viewer.id });
  return printPackingSlip(ctx, {
    reference: `Trade #${pair.tradeId}, pair #${pair.id}`,
    fromId: CENTRE,
    toId: memberId,
    shipTo,
    sneakerIds: pair.sneakerIds,
    acceptedAt: trade.acceptedAt,
    shipBy: null,
    pagePath: '/inspection',
    closing: [
      to === 'owner' ? 'The pair goes back to its owner.' : 'The pair passed and goes on to its new owner.',
      'Put this slip in the box and record the forward with the tracking number on the inspection page.',
    ],
  });
}
