import type { VerificationRun } from '@soleswap/contracts/verification';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { toVerificationRun } from './verification-run-view';
import { findVerificationRun } from './verification.repository';

/** A run as its requester follows it; anyone else's run is "not found", so ids reveal nothing. */
export async function getVerificationRun(ctx: AppContext, { actorId, id }: { actorId: string; id: number }): Promise<VerificationRun> {
  const run = await findVerificationRun(ctx.db, id);
  if (!run || run.userId !== actorId) throw notFound('Verification');
  return toVerificationRun(run);
}
