import { TRACKING_NUMBER_IN_USE_MESSAGE } from '@soleswap/contracts/tracking-numbers';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { openLegsOf, type ParcelRoute } from './parcel-routes';
import { deleteClaims, findClaimsOf, lockTrackingNumber, upsertClaim } from './parcels.repository';

export interface ParcelClaim {
  route: ParcelRoute;
  /** The route's key for the leg: `<trade id>:<side>`, a loop leg's id, an inspection's id. */
  leg: string;
  /** The checked, normalised number (checked-tracking.ts). */
  trackingNumber: string;
  at: Date;
}

/**
 * The one rule of tracking numbers in use (docs/rules/trades.md#tracking-numbers): a parcel ships
 * with a number no other open leg holds, on any route. Inside the shipping transaction `tx`, under
 * a lock on the number (so two legs shipping one number at once take turns, across instances): the
 * other legs that claimed it are asked of their routes; if one is still open the ship is refused
 * with 409 TRACKING_NUMBER_IN_USE on `trackingNumber` (the caller's transaction rolls back, nothing
 * changes); else the ended ones are forgotten and this leg's claim recorded. The same leg claiming
 * again is no conflict.
 */
export async function claimTrackingNumber(tx: Db, claim: ParcelClaim): Promise<void> {
  const { route, leg, trackingNumber, at } = claim;
  await lockTrackingNumber(tx, trackingNumber);
  const others = await findClaimsOf(tx, trackingNumber, { route, leg });
  const legsByRoute = new Map<ParcelRoute, string[]>();
  for (const other of others) legsByRoute.set(other.route, [...(legsByRoute.get(other.route) ?? []), other.leg]);
  for (const [otherRoute, legs] of legsByRoute) {
    const open = await openLegsOf(otherRoute)(tx, legs, at);
    if (open.size > 0) {
      throw new AppError('TRACKING_NUMBER_IN_USE', TRACKING_NUMBER_IN_USE_MESSAGE, { fields: { trackingNumber: TRACKING_NUMBER_IN_USE_MESSAGE } });
    }
    await deleteClaims(tx, otherRoute, legs);
  }
  await upsertClaim(tx, { route, leg, trackingNumber, claimedAt: at });
}
