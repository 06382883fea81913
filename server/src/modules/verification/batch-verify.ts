import type { BatchVerifyResult } from '@soleswap/contracts/verification';
import type { AppContext } from '../../context';
import { forbidden, notFound } from '../../errors';
import { queueRun, waitForRuns } from './request-verification';
import { findSneakerForVerification } from './verification-subjects';

/**
 * Verify All: queues a verification for each of the actor's sneakers, then reports how they came
 * out. Another member's sneaker (or a missing one) refuses the whole request before anything is
 * queued; sneakers escrow holds are left out and counted as skipped.
 */
export async function batchVerify(ctx: AppContext, { actorId, sneakerIds }: { actorId: string; sneakerIds: number[] }): Promise<BatchVerifyResult> {
  const found = await Promise.all(sneakerIds.map((id) => findSneakerForVerification(ctx.db, id)));
  if (found.some((f) => !f)) throw notFound('Sneaker');
  if (found.some((f) => f!.sneaker.userId !== actorId)) throw forbidden('You can only verify your own sneakers');
  const open = found.filter((f) => !f!.isLocked);
  const runIds: number[] = [];
  for (const f of open) runIds.push(await queueRun(ctx, { sneakerId: f!.sneaker.id, userId: actorId, premium: f!.owner.isPremiumMember }));
  const runs = await waitForRuns(ctx, runIds);
  return {
    verified: runs.filter((r) => r.status === 'done' && r.result?.isAuthentic).length,
    flagged: runs.filter((r) => r.status === 'done' && !r.result?.isAuthentic).length,
    failed: runs.filter((r) => r.status === 'failed').length,
    skipped: found.length - open.length,
    pending: runs.filter((r) => r.status === 'queued').map((r) => r.id),
  };
}
