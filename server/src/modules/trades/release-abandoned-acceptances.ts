import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context';
import { releaseOpenAuthorizations } from '../wallet/settle-trade-cash';
import { ACCEPTANCE_CLAIM_LAPSES_AFTER_MS } from './accept-trade';
import { claimAcceptance, endAcceptanceClaim, listLapsedAcceptanceClaims } from './trades.repository';

/** At most this many abandoned acceptances are released a sweep; the next sweep takes the rest. */
const BATCH = 100;

/**
 * Releases what an acceptance whose process died left on cards (docs/rules/money.md, "One acceptance
 * at a time"): a pending trade whose acceptance claim lapsed still holds the cash and holds that
 * acceptance authorized, on a trade nobody accepted. The sweep takes the claim over exactly as a new
 * acceptance would (so it never races one), releases the trade's open authorizations, and ends its
 * claim. A trade that is no longer pending is left to its own settlement. Returns the trades released.
 */
export async function releaseAbandonedAcceptances(ctx: AppContext): Promise<number[]> {
  const at = ctx.now();
  const lapsedBefore = new Date(at.getTime() - ACCEPTANCE_CLAIM_LAPSES_AFTER_MS);
  const released: number[] = [];
  for (const tradeId of await listLapsedAcceptanceClaims(ctx.db, lapsedBefore, BATCH)) {
    const claim = randomUUID();
    if (!(await claimAcceptance(ctx.db, { tradeId, claim, at, lapsedBefore }))) continue;
    try {
      await releaseOpenAuthorizations(ctx, tradeId);
      released.push(tradeId);
    } finally {
      await endAcceptanceClaim(ctx.db, tradeId, claim);
    }
  }
  return released;
}
