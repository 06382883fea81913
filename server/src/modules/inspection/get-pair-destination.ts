import type { PairDestination } from '@soleswap/contracts/inspection';
import type { AppContext } from '../../context';
import { readShipToForCentre } from '../addresses/read-ship-to-for-centre';
import type { InspectionViewer } from './inspection-transition';
import { readyPair } from './ready-pair';

/**
 * GET /api/inspection/pairs/:id/destination: for an inspector (or admin) who is not a party, the one
 * address a pair ready to go is posted to (the machine says whether it is ready, and where it goes).
 * Before that, 409: no address is shown for a pair still being inspected. The read is recorded.
 * `address` is null when the member chose none: the forward is then refused (SHIP_TO_MISSING).
 */
export async function getPairDestination(
  ctx: AppContext,
  { viewer, pairId }: { viewer: InspectionViewer; pairId: number },
): Promise<PairDestination> {
  const { pair, to, memberId } = await readyPair(ctx, { viewer, pairId });
  const address = await readShipToForCentre(ctx, { tradeId: pair.tradeId, memberId, readerId: viewer.id });
  return { pairId, to, address };
}
