import { DAY_MS } from '@soleswap/contracts/time';
import type { Env } from '../env';

/**
 * When the member a parcel goes to must have confirmed its receipt (docs/rules/trades.md#deadlines):
 * its delivery is due SHIPPING_TRANSIT_DAYS after it was marked shipped (no carrier feeds us the
 * actual delivery), and they then have AUTO_RECEIVE_AFTER_DAYS to confirm it or open a dispute.
 * Past it the deadline sweep confirms the receipt for them. Trades and loops both use it.
 */
export function receiveByAfterShipping(shippedAt: Date, env: Pick<Env, 'SHIPPING_TRANSIT_DAYS' | 'AUTO_RECEIVE_AFTER_DAYS'>): Date {
  return new Date(shippedAt.getTime() + (env.SHIPPING_TRANSIT_DAYS + env.AUTO_RECEIVE_AFTER_DAYS) * DAY_MS);
}
