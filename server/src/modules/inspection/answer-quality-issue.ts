import type { InspectionJourney } from '@soleswap/contracts/inspection';
import type { AppContext } from '../../context';
import { runInspectionTransition, type InspectionViewer } from './inspection-transition';
import { pairJourney } from './pair-journey';

/**
 * The member a pair is going to answers its quality issue: accept (the pair counts as passed) or
 * decline (the pair fails, and with it the trade). Nobody else may: a stranger gets 404.
 */
export async function answerQualityIssue(
  ctx: AppContext,
  { viewer, pairId, answer }: { viewer: InspectionViewer; pairId: number; answer: 'accept-issue' | 'decline-issue' },
): Promise<InspectionJourney> {
  const row = await runInspectionTransition(ctx, { pairId, actor: viewer, action: answer });
  return pairJourney(ctx, row, viewer);
}
