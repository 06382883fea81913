import { PARCEL_PRESET_DIMENSIONS, type AddressVerification, type Carrier, type ParcelPreset } from '@soleswap/contracts/shipping';
import { normaliseTrackingNumber } from '@soleswap/contracts/tracking-numbers';
import type { Db } from '../../../db/client';
import {
  ShippingProviderError,
  type BoughtLabel,
  type BuyLabelRequest,
  type ShippingAddress,
  type ShippingProvider,
  type ShippingRate,
  type Tracker,
} from '../shipping-provider';
import { drawSandboxLabel } from './sandbox-label-pdf';
import { sandboxRates } from './sandbox-rates';
import { findSandboxTracker } from './sandbox-trackers.repository';
import { sandboxTrackingNumber } from './sandbox-tracking-numbers';

/** A sandbox tracker's id: the number it follows, so the development control finds it by the number. */
export const sandboxTrackerId = (trackingNumber: string) => `sbtrk_${trackingNumber}`;

/**
 * The built-in shipping sandbox (docs/rules/shipping.md#the-sandbox): no keys, nothing paid to a
 * carrier. Its labels are real PDFs with a valid tracking number of the chosen carrier (the same
 * idempotency key answers the same number); its trackers are the label rows, moved by the development
 * control (POST /api/shipping/sandbox/parcels/:trackingNumber/advance), which records each status as
 * a carrier event. Address verification answers like a provider for the addresses that ask for it:
 * a first line containing "undeliverable" is refused, one containing "suggest" gets a corrected form.
 */
export class SandboxShippingProvider implements ShippingProvider {
  readonly name = 'sandbox' as const;
  readonly isTestMode = true;
  private readonly db: Db;
  private readonly now: () => Date;

  constructor({ db, now }: { db: Db; now: () => Date }) {
    this.db = db;
    this.now = now;
  }

  async verifyAddress(address: ShippingAddress): Promise<AddressVerification> {
    const line1 = address.line1.toLowerCase();
    if (line1.includes('undeliverable')) {
      return { status: 'undeliverable', suggestion: null, messages: ['Address not found: the carrier cannot deliver to this street (sandbox).'] };
    }
    if (line1.includes('suggest')) {
      const { phone: _phone, ...postal } = address;
      const suggestion = { ...postal, line1: address.line1.toUpperCase(), city: address.city.toUpperCase() };
      return { status: 'suggested', suggestion, messages: ['The street and city were corrected to the carrier’s form (sandbox).'] };
    }
    return { status: 'verified', suggestion: null, messages: [] };
  }

  async rates(_from: ShippingAddress, _to: ShippingAddress, preset: ParcelPreset): Promise<ShippingRate[]> {
    return sandboxRates(preset);
  }

  async buyLabel(request: BuyLabelRequest): Promise<BoughtLabel> {
    const rates = sandboxRates(request.preset).filter((rate) => !request.carrier || rate.carrier === request.carrier);
    const rate = rates[0];
    if (!rate) throw new ShippingProviderError('NO_RATE', `No ${request.carrier ?? ''} rate for this parcel`.replace('  ', ' '));
    const trackingNumber = sandboxTrackingNumber(rate.carrier, request.idempotencyKey);
    const labelPdf = await drawSandboxLabel({
      carrier: rate.carrier,
      service: rate.service,
      trackingNumber,
      from: request.from,
      to: request.to,
      parcel: PARCEL_PRESET_DIMENSIONS[request.preset].label,
      createdAt: this.now(),
    });
    return {
      shipmentId: `sbshp_${trackingNumber}`,
      carrier: rate.carrier,
      service: rate.service,
      trackingNumber,
      rateCents: rate.rateCents,
      labelPdf,
      trackerId: sandboxTrackerId(trackingNumber),
    };
  }

  async createTracker({ carrier, trackingNumber }: { carrier: Carrier; trackingNumber: string; idempotencyKey: string }): Promise<Tracker> {
    const number = normaliseTrackingNumber(trackingNumber);
    return { trackerId: sandboxTrackerId(number), trackingNumber: number, carrier, status: 'pre_transit', destinationPostalCode: null, events: [] };
  }

  async getTracker(trackerId: string): Promise<Tracker> {
    const found = await findSandboxTracker(this.db, trackerId);
    if (!found?.label.trackingNumber || !found.label.carrier) throw new ShippingProviderError('NOT_FOUND', `No sandbox tracker ${trackerId}`);
    const { label, events } = found;
    return {
      trackerId,
      trackingNumber: label.trackingNumber!,
      carrier: label.carrier!,
      status: label.status,
      destinationPostalCode: label.carrierPostalCode,
      events: events.map((e) => ({
        providerEventId: e.providerEventId,
        status: e.status,
        message: e.message,
        location: e.location,
        occurredAt: e.occurredAt,
      })),
    };
  }

  async parseWebhook(): Promise<never> {
    throw new ShippingProviderError('WEBHOOK_INVALID', 'The shipping sandbox sends no webhooks');
  }
}
