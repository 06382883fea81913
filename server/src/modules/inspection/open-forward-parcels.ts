import type { Env } from '../../env';
import type { Db } from '../../db/client';
import { receiveByAfterShipping } from '../../machines/receive-by';
import { findInspectionsByIds } from './inspection.repository';

/**
 * The pairs (by id, as text: claimTrackingNumber's `leg`) whose forward or return parcel may still
 * be on its way. Nobody confirms the arrival of a parcel the centre sends, so it counts as on its
 * way until the time a member's parcel sent then would be received automatically
 * (receiveByAfterShipping: SHIPPING_TRANSIT_DAYS + AUTO_RECEIVE_AFTER_DAYS after it was
 * forwarded). Handed to the parcels module at start-up (register-modules.ts).
 */
export async function openForwardParcels(
  db: Db,
  legs: readonly string[],
  at: Date,
  env: Pick<Env, 'SHIPPING_TRANSIT_DAYS' | 'AUTO_RECEIVE_AFTER_DAYS'>,
): Promise<ReadonlySet<string>> {
  const pairs = await findInspectionsByIds(db, legs.map(Number));
  return new Set(pairs.filter((p) => p.forwardedAt !== null && receiveByAfterShipping(p.forwardedAt, env) > at).map((p) => String(p.id)));
}
