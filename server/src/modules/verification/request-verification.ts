import type { VerificationRun } from '@soleswap/contracts/verification';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { enqueue } from '../../jobs/job-queue';
import { assertSneakerActions } from '../sneakers/sneaker-actions';
import { VERIFICATION_JOB } from './run-verification-job';
import { toVerificationRun } from './verification-run-view';
import { findSneakerForVerification } from './verification-subjects';
import { findVerificationRun, insertVerificationRun, setRunJob } from './verification.repository';
import { verificationSettings } from './verification-settings';

/** Premium members' verifications jump the queue (lower runs first); everyone's run before routine jobs. */
export const PREMIUM_VERIFICATION_PRIORITY = 10;
export const STANDARD_VERIFICATION_PRIORITY = 50;

/**
 * Queues a verification of the actor's sneaker and returns its run. Only the owner may verify,
 * and not while escrow holds the sneaker (the sneakers module's action rule decides both).
 */
export async function requestVerification(ctx: AppContext, { actorId, sneakerId }: { actorId: string; sneakerId: number }): Promise<number> {
  const found = await findSneakerForVerification(ctx.db, sneakerId);
  if (!found) throw notFound('Sneaker');
  assertSneakerActions({ userId: found.sneaker.userId, isAvailableForTrade: found.sneaker.isAvailableForTrade, isLocked: found.isLocked }, actorId, [
    'verify',
  ]);
  return queueRun(ctx, { sneakerId, userId: actorId, premium: found.owner.isPremiumMember });
}

export async function queueRun(
  ctx: AppContext,
  { sneakerId, userId, premium }: { sneakerId: number; userId: string; premium: boolean },
): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const run = await insertVerificationRun(tx, { sneakerId, userId, createdAt: ctx.now() });
    const jobId = await enqueue(
      tx,
      VERIFICATION_JOB,
      { runId: run.id },
      { priority: premium ? PREMIUM_VERIFICATION_PRIORITY : STANDARD_VERIFICATION_PRIORITY },
    );
    await setRunJob(tx, run.id, jobId!);
    return run.id;
  });
}

/**
 * Waits (up to the configured wait) for the runs to finish and answers them as they stand. The
 * job runs on the queue worker of any instance, so this only reads the runs' rows.
 */
export async function waitForRuns(ctx: AppContext, runIds: number[]): Promise<VerificationRun[]> {
  const { waitMs, pollMs } = verificationSettings(ctx);
  const deadline = Date.now() + waitMs;
  for (;;) {
    const runs = await Promise.all(runIds.map(async (id) => toVerificationRun((await findVerificationRun(ctx.db, id))!)));
    if (runs.every((r) => r.status !== 'queued') || Date.now() >= deadline) return runs;
    await new Promise((resolve) => setTimeout(resolve, Math.min(pollMs, Math.max(0, deadline - Date.now()))));
  }
}
