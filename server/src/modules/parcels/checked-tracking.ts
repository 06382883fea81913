import { detectTracking, INVALID_TRACKING_NUMBER_MESSAGE, type Tracking } from '@soleswap/contracts/tracking-numbers';
import { AppError } from '../../errors';

/**
 * The carrier and normalised number of the tracking number a parcel ships with (a trade side, a
 * loop leg, the centre's forward or return parcel). A number that is no valid UPS, USPS or FedEx
 * number, check digit included, is refused with VALIDATION_FAILED on `trackingNumber`, before
 * anything is read or changed. Whether another open leg holds it is claimTrackingNumber's question.
 */
export function checkedTracking(trackingNumber: string): Tracking {
  const tracking = detectTracking(trackingNumber);
  if (tracking) return tracking;
  throw new AppError('VALIDATION_FAILED', `trackingNumber: ${INVALID_TRACKING_NUMBER_MESSAGE}`, {
    fields: { trackingNumber: INVALID_TRACKING_NUMBER_MESSAGE },
  });
}
