import type { AppContext } from '../../context';
import { verifySneaker } from './verifier';
import { gatherFacts } from './gather-facts';
import { verificationSettings } from './verification-settings';
import { findSneakerForVerification, lockSneakerForVerification, saveVerificationOnSneaker } from './verification-subjects';
import { findVerificationRun, finishRun, insertPriceSnapshot } from './verification.repository';

export const VERIFICATION_JOB = 'verification.run';

/**
 * The queue job behind a verify request: gathers the facts, asks the market source, runs the
 * checks, and writes the outcome onto the sneaker with a price snapshot. The write happens only
 * if the listing is still the one that was checked (not edited since, not locked by escrow since);
 * otherwise the run fails with the reason and the sneaker keeps what it had. A market source
 * that throws makes the queue retry the job.
 */
export async function runVerificationJob(ctx: AppContext, { runId }: { runId: number }): Promise<void> {
  const run = await findVerificationRun(ctx.db, runId);
  if (!run || run.status !== 'queued') return;
  const fail = (error: string) => finishRun(ctx.db, runId, { status: 'failed', error, at: ctx.now() });

  const found = await findSneakerForVerification(ctx.db, run.sneakerId);
  if (!found) return fail('The sneaker no longer exists.');
  if (found.isLocked) return fail('The sneaker is locked in an accepted trade.');
  const { facts, marketQuery } = await gatherFacts(ctx, found);
  const result = await verifySneaker({ facts, marketQuery, marketData: verificationSettings(ctx).marketData });

  await ctx.db.transaction(async (tx) => {
    // Locked as edits and trade acceptance lock it, so neither can slip in between check and write.
    const current = await lockSneakerForVerification(tx, run.sneakerId);
    const at = ctx.now();
    const refuse = (error: string) => finishRun(tx, runId, { status: 'failed', error, at });
    if (!current) return refuse('The sneaker no longer exists.');
    if (current.isLocked) return refuse('The sneaker is locked in an accepted trade.');
    if (current.listingChangedAt.getTime() !== found.sneaker.listingChangedAt.getTime()) {
      return refuse('The sneaker was edited while it was being verified. Please verify it again.');
    }
    await saveVerificationOnSneaker(tx, run.sneakerId, result, at);
    if (result.marketPrice) await insertPriceSnapshot(tx, { sneakerId: run.sneakerId, price: result.marketPrice, source: result.source, at });
    await finishRun(tx, runId, { status: 'done', result, at });
  });
}
