import { createHash } from 'node:crypto';
import type { AddressVerification, Carrier, ParcelPreset } from '@soleswap/contracts/shipping';
import { PARCEL_PRESET_DIMENSIONS } from '@soleswap/contracts/shipping';
import { normaliseTrackingNumber } from '@soleswap/contracts/tracking-numbers';
import {
  ShippingProviderError,
  type BoughtLabel,
  type BuyLabelRequest,
  type ShippingAddress,
  type ShippingProvider,
  type ShippingRate,
  type ShippingWebhook,
  type Tracker,
} from '../shipping-provider';
import { callEasyPost, easypostClient, easypostErrorCode, easypostFailure, type EasyPostSettings } from './easypost-client';
import { fetchLabelPdf } from './easypost-label';
import {
  carrierOf,
  EASYPOST_CARRIERS,
  toEasyPostAddress,
  trackerOf,
  verificationOf,
  type EasyPostAddressFields,
  type EasyPostTrackerFields,
} from './easypost-objects';

/** The parts of an EasyPost Shipment the provider reads. */
interface EasyPostShipment {
  id: string;
  rates?: Array<{ id: string; carrier: string; service: string; rate: string; delivery_days?: number | null }>;
  selected_rate?: { carrier: string; service: string; rate: string } | null;
  tracking_code?: string | null;
  postage_label?: { label_pdf_url?: string | null; label_url?: string | null } | null;
  tracker?: EasyPostTrackerFields | null;
}

/** EasyPost's Parcel for a preset: ounces and inches, as it takes them. */
function parcelOf(preset: ParcelPreset) {
  const box = PARCEL_PRESET_DIMENSIONS[preset];
  return { weight: box.weightOz, length: box.lengthIn, width: box.widthIn, height: box.heightIn };
}

const cents = (rate: string) => Math.round(Number(rate) * 100);

/** A key naming what was asked, so the same question repeated is the same write (nothing random in it). */
const keyOf = (step: string, what: unknown) =>
  `soleswap-easypost-${step}-${createHash('sha256').update(JSON.stringify(what)).digest('hex').slice(0, 32)}`;

/**
 * The shipping port through EasyPost's official SDK (@easypost/api), docs/rules/shipping.md#easypost.
 * Every call has our timeout; every write carries its idempotency key (`Idempotency-Key`), and a
 * label's purchase is also bound to its key on EasyPost's side: the shipment is created with the
 * key as its `reference` and looked up by it first, and a shipment already bought answers its
 * label, so a retry after a lost answer never buys a second label. Refusals keep EasyPost's words.
 */
export class EasyPostShippingProvider implements ShippingProvider {
  readonly name = 'easypost' as const;
  readonly isTestMode: boolean;
  readonly #settings: EasyPostSettings;

  constructor(settings: EasyPostSettings) {
    this.#settings = settings;
    // EasyPost's test keys start EZTK (production keys EZAK): nothing is paid to a carrier with them.
    this.isTestMode = settings.apiKey.startsWith('EZTK');
  }

  async verifyAddress(address: ShippingAddress): Promise<AddressVerification> {
    // Creating an Address is a write: the same typed address is the same key.
    const client = await easypostClient(this.#settings, keyOf('address', address));
    const answer = await callEasyPost(
      () => client.Address.create({ ...toEasyPostAddress(address), verify: ['delivery'] }) as Promise<EasyPostAddressFields>,
    );
    return verificationOf(address, answer);
  }

  async rates(from: ShippingAddress, to: ShippingAddress, preset: ParcelPreset): Promise<ShippingRate[]> {
    const shipment = await this.#createShipment({ from, to, preset, reference: null });
    return ratesOf(shipment);
  }

  async buyLabel(request: BuyLabelRequest): Promise<BoughtLabel> {
    const shipment =
      (await this.#shipmentByReference(request.idempotencyKey)) ?? (await this.#createShipment({ ...request, reference: request.idempotencyKey }));
    const bought = shipment.postage_label ? shipment : await this.#buy(shipment, request);
    const carrier = carrierOf(bought.selected_rate?.carrier);
    if (!carrier || !bought.tracking_code || !bought.tracker?.id || !bought.selected_rate) {
      throw new ShippingProviderError('INVALID', 'EasyPost bought the label but its answer lacks the carrier, tracking number or tracker');
    }
    const url = bought.postage_label?.label_pdf_url || bought.postage_label?.label_url;
    if (!url) throw new ShippingProviderError('INVALID', 'EasyPost bought the label but gave no label URL');
    return {
      shipmentId: bought.id,
      carrier,
      service: bought.selected_rate.service,
      trackingNumber: normaliseTrackingNumber(bought.tracking_code),
      rateCents: cents(bought.selected_rate.rate),
      labelPdf: await fetchLabelPdf(url, this.#settings.timeoutMs),
      trackerId: bought.tracker.id,
    };
  }

  async createTracker(input: { carrier: Carrier; trackingNumber: string; idempotencyKey: string }): Promise<Tracker> {
    const client = await easypostClient(this.#settings, input.idempotencyKey);
    const tracker = await callEasyPost(
      () =>
        client.Tracker.create({ tracking_code: input.trackingNumber, carrier: EASYPOST_CARRIERS[input.carrier] }) as Promise<EasyPostTrackerFields>,
    );
    return trackerOf(tracker);
  }

  async getTracker(trackerId: string): Promise<Tracker> {
    const client = await easypostClient(this.#settings);
    return trackerOf(await callEasyPost(() => client.Tracker.retrieve(trackerId) as Promise<EasyPostTrackerFields>));
  }

  async parseWebhook(rawBody: string | Buffer, headers: Record<string, string | string[] | undefined>): Promise<ShippingWebhook | null> {
    const signature = headers['x-hmac-signature'] ?? headers['X-Hmac-Signature'];
    const client = await easypostClient(this.#settings);
    let event: { id?: string; object?: string; description?: string; result?: EasyPostTrackerFields & { object?: string } };
    try {
      event = client.Utils.validateWebhook(
        Buffer.from(rawBody),
        { 'x-hmac-signature': Array.isArray(signature) ? signature[0] : signature },
        this.#settings.webhookSecret,
      );
    } catch {
      throw new ShippingProviderError('WEBHOOK_INVALID', 'The webhook signature does not match (X-Hmac-Signature)');
    }
    if (event.object !== 'Event' || !event.id || !event.description?.startsWith('tracker.') || event.result?.object !== 'Tracker') return null;
    return { deliveryId: event.id, tracker: trackerOf(event.result) };
  }

  /** The shipment an earlier try of this purchase created (its `reference` is the key), or null. */
  async #shipmentByReference(reference: string): Promise<EasyPostShipment | null> {
    const client = await easypostClient(this.#settings);
    try {
      return (await client.Shipment.retrieve(reference)) as EasyPostShipment;
    } catch (error) {
      const failure = easypostFailure(error);
      if (failure instanceof ShippingProviderError && failure.code === 'NOT_FOUND') return null;
      throw failure;
    }
  }

  async #createShipment(input: {
    from: ShippingAddress;
    to: ShippingAddress;
    preset: ParcelPreset;
    reference: string | null;
  }): Promise<EasyPostShipment> {
    const client = await easypostClient(this.#settings, input.reference ? `${input.reference}-shipment` : undefined);
    return callEasyPost(
      () =>
        client.Shipment.create({
          from_address: toEasyPostAddress(input.from),
          to_address: toEasyPostAddress(input.to),
          parcel: parcelOf(input.preset),
          // The label is printed with its packing slip as one PDF; EasyPost's default is PNG.
          options: { label_format: 'PDF' },
          ...(input.reference ? { reference: input.reference } : {}),
        }) as Promise<EasyPostShipment>,
    );
  }

  /** Buys the cheapest rate (of the carrier asked for); a shipment already bought (a retry) answers itself. */
  async #buy(shipment: EasyPostShipment, request: BuyLabelRequest): Promise<EasyPostShipment> {
    const rate = ratesOf(shipment).find((r) => !request.carrier || r.carrier === request.carrier);
    if (!rate?.rateId) {
      throw new ShippingProviderError(
        'NO_RATE',
        request.carrier ? `EasyPost has no ${EASYPOST_CARRIERS[request.carrier]} rate for this parcel` : 'EasyPost has no rate for this parcel',
      );
    }
    const client = await easypostClient(this.#settings, `${request.idempotencyKey}-buy`);
    try {
      return (await client.Shipment.buy(shipment.id, rate.rateId)) as EasyPostShipment;
    } catch (error) {
      if (easypostErrorCode(error) !== 'SHIPMENT.POSTAGE.EXISTS') throw easypostFailure(error);
      const again = await easypostClient(this.#settings);
      return callEasyPost(() => again.Shipment.retrieve(shipment.id) as Promise<EasyPostShipment>);
    }
  }
}

/** A shipment's rates of carriers we ship with, cheapest first. */
function ratesOf(shipment: EasyPostShipment): ShippingRate[] {
  return (shipment.rates ?? [])
    .flatMap((rate) => {
      const carrier = carrierOf(rate.carrier);
      return carrier
        ? [{ rateId: rate.id, carrier, service: rate.service, rateCents: cents(rate.rate), deliveryDays: rate.delivery_days ?? null }]
        : [];
    })
    .sort((a, b) => a.rateCents - b.rateCents);
}
