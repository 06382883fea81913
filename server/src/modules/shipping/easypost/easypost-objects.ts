import { createHash } from 'node:crypto';
import type { PostalAddress } from '@soleswap/contracts/addresses';
import type { AddressVerification, Carrier, CarrierStatus } from '@soleswap/contracts/shipping';
import { normaliseTrackingNumber } from '@soleswap/contracts/tracking-numbers';
import type { ShippingAddress, Tracker, TrackerEvent } from '../shipping-provider';

/**
 * EasyPost's objects read into the port's shapes and back (docs/rules/shipping.md#easypost): its
 * Address, its verification, its Tracker and tracking details. Pure functions, no SDK.
 */

/** EasyPost's carrier names for ours (what a tracker is created with). */
export const EASYPOST_CARRIERS: Record<Carrier, string> = { usps: 'USPS', ups: 'UPS', fedex: 'FedEx' };

/** Ours for EasyPost's carrier name ("USPS", "UPS", "FedEx", "FedExDefault"...), null for a carrier we do not ship with. */
export function carrierOf(easypostCarrier: string | null | undefined): Carrier | null {
  const name = (easypostCarrier ?? '').toLowerCase();
  if (name.startsWith('usps')) return 'usps';
  if (name.startsWith('ups')) return 'ups';
  if (name.startsWith('fedex')) return 'fedex';
  return null;
}

/**
 * EasyPost's tracker statuses narrowed to ours: a parcel waiting at a pickup point is out for
 * delivery (not delivered: the member has not got it); a cancelled label or a tracker in error
 * says nothing about the parcel.
 */
export function carrierStatusOf(status: string | null | undefined): CarrierStatus {
  switch (status) {
    case 'pre_transit':
    case 'in_transit':
    case 'out_for_delivery':
    case 'delivered':
    case 'return_to_sender':
    case 'failure':
      return status;
    case 'available_for_pickup':
      return 'out_for_delivery';
    default:
      return 'unknown';
  }
}

/** An EasyPost Address's fields (the SDK's Address, as much of it as we send or read). */
export interface EasyPostAddressFields {
  name?: string | null;
  street1?: string | null;
  street2?: string | null;
  city?: string | null;
  state?: string | null;
  zip?: string | null;
  country?: string | null;
  phone?: string | null;
  verifications?: { delivery?: { success?: boolean; errors?: Array<{ message?: string | null } | string> } };
}

/** Our address as EasyPost's Address parameters. */
export function toEasyPostAddress(address: ShippingAddress): EasyPostAddressFields {
  return {
    name: address.name,
    street1: address.line1,
    street2: address.line2,
    city: address.city,
    state: address.region,
    zip: address.postalCode,
    country: address.country,
    ...(address.phone ? { phone: address.phone } : {}),
  };
}

const comparable = (value: string | null | undefined) => (value ?? '').trim().replace(/\s+/g, ' ').toUpperCase();

/** The parts a carrier corrects (not the recipient's name, which the verification upper-cases and we keep as typed). */
const CORRECTED: ReadonlyArray<keyof PostalAddress> = ['line1', 'line2', 'city', 'region', 'postalCode', 'country'];

/**
 * EasyPost's answer to a verification: undeliverable with its words when its delivery check
 * failed; otherwise its standardised form as a suggestion when it differs from what was typed by
 * more than letter case and spacing (a corrected street, a ZIP+4 added), else verified.
 */
export function verificationOf(typed: PostalAddress, answer: EasyPostAddressFields): AddressVerification {
  const delivery = answer.verifications?.delivery;
  if (!delivery?.success) {
    const words = (delivery?.errors ?? []).map((e) => (typeof e === 'string' ? e : (e.message ?? ''))).filter(Boolean);
    return {
      status: 'undeliverable',
      suggestion: null,
      messages: words.length > 0 ? [...new Set(words)] : ['The carrier cannot deliver to this address'],
    };
  }
  const suggestion: PostalAddress = {
    name: typed.name,
    line1: answer.street1?.trim() || typed.line1,
    line2: answer.street2?.trim() || null,
    city: answer.city?.trim() || typed.city,
    region: answer.state?.trim() || typed.region,
    postalCode: answer.zip?.trim() || typed.postalCode,
    country: typed.country,
  };
  const changed = CORRECTED.filter((key) => comparable(typed[key]) !== comparable(suggestion[key]));
  if (changed.length === 0) return { status: 'verified', suggestion: null, messages: [] };
  return { status: 'suggested', suggestion, messages: ['The carrier knows this address in a corrected form'] };
}

/** A tracking detail of an EasyPost Tracker (the SDK's TrackingDetail, as much as we read). */
export interface EasyPostTrackingDetail {
  message?: string | null;
  description?: string | null;
  status?: string | null;
  datetime?: string | null;
  tracking_location?: { city?: string | null; state?: string | null; country?: string | null; zip?: string | null } | null;
}

export interface EasyPostTrackerFields {
  id: string;
  tracking_code: string;
  status?: string | null;
  carrier?: string | null;
  tracking_details?: EasyPostTrackingDetail[] | null;
  carrier_detail?: { destination_location?: string | null } | null;
}

function locationOf(detail: EasyPostTrackingDetail): string | null {
  const place = detail.tracking_location;
  if (!place) return null;
  const text = [place.city, [place.state, place.zip].filter(Boolean).join(' '), place.country].filter(Boolean).join(', ');
  return text || null;
}

/**
 * A tracking detail's id: EasyPost gives its details none, so the id is the tracker's and a hash of
 * what the detail says (when, what status, what words). The same detail read from a webhook and
 * from polling has the same id, so it is applied once.
 */
function detailId(trackerId: string, detail: EasyPostTrackingDetail): string {
  const said = JSON.stringify([detail.datetime ?? '', detail.status ?? '', detail.message ?? ''].map(String));
  return `${trackerId}:${createHash('sha256').update(said).digest('hex').slice(0, 24)}`;
}

/** The postal code at the end of EasyPost's "CHARLESTON SC, 29401" (a destination location), or null. */
function trailingPostalCode(location: string | null | undefined): string | null {
  const last = (location ?? '').split(',').pop()?.trim();
  return last && /\d/.test(last) ? last : null;
}

/** An EasyPost Tracker as the port's, its details oldest first, the delivery's postal code when the carrier gives it. */
export function trackerOf(tracker: EasyPostTrackerFields): Tracker {
  const details = [...(tracker.tracking_details ?? [])].sort((a, b) => Date.parse(a.datetime ?? '') - Date.parse(b.datetime ?? ''));
  const events: TrackerEvent[] = details.map((detail) => ({
    providerEventId: detailId(tracker.id, detail),
    status: carrierStatusOf(detail.status),
    message: detail.message?.trim() || detail.description?.trim() || carrierStatusOf(detail.status),
    location: locationOf(detail),
    occurredAt: new Date(detail.datetime ?? Date.now()),
  }));
  const delivered = [...details].reverse().find((d) => d.status === 'delivered');
  return {
    trackerId: tracker.id,
    trackingNumber: normaliseTrackingNumber(tracker.tracking_code),
    carrier: carrierOf(tracker.carrier) ?? 'usps',
    status: carrierStatusOf(tracker.status),
    destinationPostalCode: delivered?.tracking_location?.zip || trailingPostalCode(tracker.carrier_detail?.destination_location),
    events,
  };
}
