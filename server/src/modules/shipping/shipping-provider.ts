import type { PostalAddress } from '@soleswap/contracts/addresses';
import type { AddressVerification, Carrier, CarrierStatus, ParcelPreset, ShippingProviderName } from '@soleswap/contracts/shipping';

/**
 * The one shipping provider port (docs/rules/shipping.md#the-provider-port): address verification,
 * rates, label purchase and trackers, implemented once by the built-in sandbox (the default: no
 * keys, labels as real PDFs, a development control moving parcels) and once by EasyPost, the one
 * chosen by configuration in shipping-providers.ts (`shippingProviderFor`). Services talk to this
 * interface only. Every call may cross a network: it is made outside any database transaction, in
 * the `call` of a provider step (payments/provider-step.ts), and every write carries an idempotency
 * key, so a retry after a timeout or a crash buys one label, makes one tracker.
 */

/** A postal address with the sender's or recipient's phone, when a carrier wants one. */
export interface ShippingAddress extends PostalAddress {
  phone?: string | null;
}

/** One price a carrier quotes for a parcel. */
export interface ShippingRate {
  /** The provider's id for the rate (EasyPost's rate id), when it has one. */
  rateId: string | null;
  carrier: Carrier;
  /** The carrier's service level, e.g. "Priority", "Ground". */
  service: string;
  rateCents: number;
  /** Days the carrier expects it to take, when it says. */
  deliveryDays: number | null;
}

export interface BuyLabelRequest {
  from: ShippingAddress;
  to: ShippingAddress;
  preset: ParcelPreset;
  /** The carrier the sender prefers; the cheapest rate of any carrier when absent. */
  carrier?: Carrier;
  /** The same key answers the same label (one purchase, one charge at the carrier). */
  idempotencyKey: string;
}

/** A bought label. */
export interface BoughtLabel {
  /** The provider's id for the shipment. */
  shipmentId: string;
  carrier: Carrier;
  service: string;
  /** Normalised (capitals, no spaces or dashes); valid for its carrier (contracts/tracking-numbers). */
  trackingNumber: string;
  rateCents: number;
  /** The label itself (PDF bytes): EasyPost's label fetched from its URL, the sandbox's drawn. */
  labelPdf: Uint8Array;
  /** The tracker that follows the parcel (EasyPost makes one with each label). */
  trackerId: string;
}

/** One event the carrier reported on a tracker. */
export interface TrackerEvent {
  /** The provider's id of the event, unique across its trackers: applied once by it. */
  providerEventId: string;
  status: CarrierStatus;
  message: string;
  location: string | null;
  occurredAt: Date;
}

/** A tracker as the provider knows it now. */
export interface Tracker {
  trackerId: string;
  trackingNumber: string;
  carrier: Carrier;
  status: CarrierStatus;
  /** The postal code the carrier reports delivering to, when it says. */
  destinationPostalCode: string | null;
  /** Oldest first. */
  events: TrackerEvent[];
}

/** A verified webhook: the tracker it is about, with its events. */
export interface ShippingWebhook {
  /** The provider's id of the delivery. */
  deliveryId: string;
  tracker: Tracker;
}

/** What a provider throws for an answer that is not an outage; the service turns it into an AppError. */
export type ShippingProviderErrorCode =
  /** The address cannot be delivered to; the message is the provider's words. */
  | 'ADDRESS_UNDELIVERABLE'
  /** The provider has no rate for this parcel between these addresses (with this carrier). */
  | 'NO_RATE'
  /** No tracker or shipment with this id at the provider. */
  | 'NOT_FOUND'
  /** The input was refused by the provider (a field it names). */
  | 'INVALID'
  /** A webhook whose signature does not match, or a provider that takes no webhooks. */
  | 'WEBHOOK_INVALID';

export class ShippingProviderError extends Error {
  override name = 'ShippingProviderError';
  constructor(
    readonly code: ShippingProviderErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export interface ShippingProvider {
  readonly name: ShippingProviderName;
  /** No parcel really moves and nothing is paid to a carrier: the page must say so. */
  readonly isTestMode: boolean;

  /** Whether the address can be delivered to, and the provider's corrected form when it has one. */
  verifyAddress(address: ShippingAddress): Promise<AddressVerification>;
  /** The carriers' prices for the preset's box between the two addresses, cheapest first. */
  rates(from: ShippingAddress, to: ShippingAddress, preset: ParcelPreset): Promise<ShippingRate[]>;
  /** Buys the label (the cheapest rate of the carrier asked for, or of any); the same key answers the same label. */
  buyLabel(request: BuyLabelRequest): Promise<BoughtLabel>;
  /** A tracker for a number the member typed (SHIPPING_MANUAL_NUMBERS); the same key answers the same tracker. */
  createTracker(input: { carrier: Carrier; trackingNumber: string; idempotencyKey: string }): Promise<Tracker>;
  /** The tracker as the provider knows it now (the polling job's question). */
  getTracker(trackerId: string): Promise<Tracker>;
  /**
   * Checks the signature and reads the delivery. Throws ShippingProviderError('WEBHOOK_INVALID') on a
   * bad or missing signature; null for a delivery that is not about a tracker.
   */
  parseWebhook(rawBody: string | Buffer, headers: Record<string, string | string[] | undefined>): Promise<ShippingWebhook | null>;
}
