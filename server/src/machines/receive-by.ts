import { DAY_MS } from '@soleswap/contracts/time';
import type { Env } from '../env';

/**
 * When the member a parcel goes to must have confirmed its receipt (docs/rules/trades.md#deadlines),
 * until the carrier says it was delivered: its delivery is due SHIPPING_TRANSIT_DAYS after it was
 * marked shipped, and they then have AUTO_RECEIVE_AFTER_DAYS to confirm it or open a dispute.
 * Past it the deadline sweep confirms the receipt for them. Trades and loops both use it.
 */
export function receiveByAfterShipping(shippedAt: Date, env: Pick<Env, 'SHIPPING_TRANSIT_DAYS' | 'AUTO_RECEIVE_AFTER_DAYS'>): Date {
  return new Date(shippedAt.getTime() + (env.SHIPPING_TRANSIT_DAYS + env.AUTO_RECEIVE_AFTER_DAYS) * DAY_MS);
}

/**
 * The receive-by once the carrier delivered the parcel (docs/rules/shipping.md#carrier-events): the
 * member it went to has AUTO_RECEIVE_AFTER_DELIVERY_DAYS from the carrier's delivery to confirm it
 * or open a dispute, the same window they had after the transit allowance, now counted from the
 * real delivery instead of a guess.
 */
export function receiveByAfterDelivery(deliveredAt: Date, env: Pick<Env, 'AUTO_RECEIVE_AFTER_DELIVERY_DAYS'>): Date {
  return new Date(deliveredAt.getTime() + env.AUTO_RECEIVE_AFTER_DELIVERY_DAYS * DAY_MS);
}
