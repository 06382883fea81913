import type { AppContext } from '../../context';
import { lapseEndedMemberships } from '../users/membership-columns';

/**
 * The `payments.lapse-memberships` job: switches premium off for members whose paid period has
 * ended (cancelled or simply not paid again). Safe to run any number of times.
 */
export async function lapseMemberships(ctx: AppContext): Promise<{ lapsed: number }> {
  const ids = await lapseEndedMemberships(ctx.db, ctx.now());
  return { lapsed: ids.length };
}
