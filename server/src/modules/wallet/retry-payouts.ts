import { MINUTE_MS } from '@soleswap/contracts/time';
import type { AppContext } from '../../context';
import { payPayout } from './pay-payout';
import { findRequestedPayouts } from './payouts.repository';

/**
 * The `wallet.retry-payouts` job: every withdrawal still `requested` a minute after it was made (the
 * provider did not answer in time, or the process stopped between the intent and the answer) is
 * asked of the provider again under the same key, so it is paid once, and its answer applied.
 * Safe on any number of instances at once (pay-payout.ts).
 */
export async function retryPayouts(ctx: AppContext): Promise<number> {
  const stale = await findRequestedPayouts(ctx.db, { createdBefore: new Date(ctx.now().getTime() - MINUTE_MS), limit: 100 });
  for (const payout of stale) await payPayout(ctx, payout);
  return stale.length;
}
