import { DAY_MS } from '@soleswap/contracts/time';
import type { EarlySignupSummary } from '@soleswap/contracts/early-signups';
import type { AppContext } from '../../context';
import { countEarlySignups } from './early-signups.repository';

/** Total signups, those since midnight UTC, and how many e-mail domains they come from. */
export async function getEarlySignupSummary(ctx: AppContext): Promise<EarlySignupSummary> {
  const todayStart = new Date(Math.floor(ctx.now().getTime() / DAY_MS) * DAY_MS);
  return countEarlySignups(ctx.db, { todayStart });
}
