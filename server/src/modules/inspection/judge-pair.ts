import type { InspectionJourney, InspectionVerdict } from '@soleswap/contracts/inspection';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { isImageUploadedBy } from '../uploads/upload-ownership';
import { runInspectionTransition, type InspectionViewer } from './inspection-transition';
import { pairJourney } from './pair-journey';

export type Judgement = 'pass' | 'fail' | 'quality-issue';

/**
 * An inspector judges a received pair against its listing's photos and the verifier's evidence:
 * passed, failed (the trade fails: cancelled through the trade machine, escrow refunded, each
 * pair back to its owner) or a quality issue the receiving member answers. The notes are kept, and
 * the photos must be ones this inspector uploaded (POST /api/uploads), else 400 and nothing changes.
 */
export async function judgePair(
  ctx: AppContext,
  { viewer, pairId, judgement, verdict }: { viewer: InspectionViewer; pairId: number; judgement: Judgement; verdict: InspectionVerdict },
): Promise<InspectionJourney> {
  for (const [index, imageUrl] of verdict.photoUrls.entries()) {
    if (!(await isImageUploadedBy(ctx, { userId: viewer.id, imageUrl }))) {
      throw new AppError('VALIDATION_FAILED', 'Upload the photo first', { fields: { [`photoUrls.${index}`]: 'Upload the photo first' } });
    }
  }
  const row = await runInspectionTransition(ctx, { pairId, actor: viewer, action: judgement, verdict });
  return pairJourney(ctx, row, viewer);
}
