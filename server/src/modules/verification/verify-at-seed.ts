import type { AppContext } from '../../context';
import { gatherFacts } from './gather-facts';
import { verifySneaker } from './verifier';
import { verificationSettings } from './verification-settings';
import { findSneakerForVerification, saveVerificationOnSneaker } from './verification-subjects';

/**
 * Verifies sneakers at once, outside the queue, with the same checks and market source a verify
 * request uses, and saves each verdict on its sneaker. For seeding (the demo's pairs reach their
 * verdicts by being verified, not by having them written in); returns whether each came out authentic.
 */
export async function verifySneakersNow(ctx: AppContext, sneakerIds: number[]): Promise<Map<number, boolean>> {
  const verdicts = new Map<number, boolean>();
  for (const id of sneakerIds) {
    const found = await findSneakerForVerification(ctx.db, id);
    if (!found) continue;
    const { facts, marketQuery } = await gatherFacts(ctx, found);
    const result = await verifySneaker({ facts, marketQuery, marketData: verificationSettings(ctx).marketData });
    await saveVerificationOnSneaker(ctx.db, id, result, ctx.now());
    verdicts.set(id, result.isAuthentic);
  }
  return verdicts;
}
