import type { InspectionJourney } from '@soleswap/contracts/inspection';
import type { AppContext } from '../../context';
import { runInspectionTransition, type InspectionViewer } from './inspection-transition';
import { pairJourney } from './pair-journey';

/** An inspector records that a pair arrived at the centre (awaiting arrival → received; ledger 'inspect'). */
export async function receivePair(ctx: AppContext, { viewer, pairId }: { viewer: InspectionViewer; pairId: number }): Promise<InspectionJourney> {
  const row = await runInspectionTransition(ctx, { pairId, actor: viewer, action: 'receive' });
  return pairJourney(ctx, row, viewer);
}
