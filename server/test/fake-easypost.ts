import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll } from 'vitest';
import type { Carrier } from '@soleswap/contracts/tracking-numbers';
import { EasyPostShippingProvider } from '../src/modules/shipping/easypost/easypost-shipping-provider';
import { replaceShippingProvider } from '../src/modules/shipping/shipping-providers';
import { freshTrackingNumber } from './fresh-tracking-number';
import type { TestApp } from './test-app';

/** The key and signing secret a test app uses with the stand-in (SHIPPING_PROVIDER=easypost). */
export const FAKE_EASYPOST_ENV = {
  SHIPPING_PROVIDER: 'easypost',
  EASYPOST_API_KEY: 'EZTK_fake_easypost',
  EASYPOST_WEBHOOK_SECRET: 'fake-easypost-webhook-secret',
} as const;

/** One request as the stand-in saw it. */
export interface FakeEasyPostRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  body: Record<string, unknown>;
  /**
   * done: EasyPost did it; replayed: answered from the idempotency store, nothing happened again;
   * failed: answered 503 (or too late) by `failNext`, nothing happened; lost: done and remembered
   * under its key, but answered too late for the client (`failNext(n, 'lost')`).
   */
  outcome: 'done' | 'replayed' | 'failed' | 'lost';
}

export interface FakeEasyPostAddress {
  id: string;
  object: 'Address';
  name: string | null;
  street1: string | null;
  street2: string | null;
  city: string | null;
  state: string | null;
  zip: string;
  country: string;
  verifications: Record<
    string,
    { success: boolean; errors: Array<{ code: string; field: string; message: string; suggestion: string | null }>; details: unknown }
  >;
}

export interface FakeTrackingDetail {
  object: 'TrackingDetail';
  message: string;
  description: string;
  status: string;
  status_detail: string;
  datetime: string;
  source: string;
  tracking_location: { object: 'TrackingLocation'; city: string | null; state: string | null; country: string | null; zip: string | null };
}

export interface FakeTracker {
  id: string;
  object: 'Tracker';
  mode: 'test';
  tracking_code: string;
  status: string;
  status_detail: string;
  carrier: string;
  shipment_id: string | null;
  public_url: string;
  tracking_details: FakeTrackingDetail[];
  carrier_detail: { object: 'CarrierDetail'; destination_location: string | null };
  created_at: string;
  updated_at: string;
}

interface FakeRate {
  id: string;
  object: 'Rate';
  carrier: string;
  service: string;
  rate: string;
  currency: 'USD';
  shipment_id: string;
  delivery_days: number;
}

export interface FakeShipment {
  id: string;
  object: 'Shipment';
  mode: 'test';
  reference: string | null;
  to_address: Record<string, unknown>;
  from_address: Record<string, unknown>;
  parcel: Record<string, unknown>;
  rates: FakeRate[];
  selected_rate: FakeRate | null;
  tracking_code: string | null;
  postage_label: { id: string; object: 'PostageLabel'; label_url: string; label_pdf_url: string; label_file_type: string } | null;
  tracker: FakeTracker | null;
  messages: unknown[];
}

type FailureMode = 'outage' | 'slow' | 'lost';

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer {
  status: number;
  body: unknown;
  /** A PDF (or other raw bytes) instead of JSON. */
  bytes?: { contentType: string; data: Uint8Array };
}

const easypostError = (status: number, code: string, message: string, errors: unknown[] = []): Answer => ({
  status,
  body: { error: { code, message, errors } },
});

/** EasyPost's carrier names for ours. */
const EASYPOST_CARRIER: Record<Carrier, string> = { usps: 'USPS', ups: 'UPS', fedex: 'FedEx' };
const OUR_CARRIER: Record<string, Carrier> = { USPS: 'usps', UPS: 'ups', FedEx: 'fedex' };

/** The three rates every shipment gets, their price rising with the parcel's weight in ounces. */
const RATE_TABLE: Array<{ carrier: Carrier; service: string; baseCents: number; perPoundCents: number; days: number }> = [
  { carrier: 'usps', service: 'Priority', baseCents: 845, perPoundCents: 110, days: 2 },
  { carrier: 'ups', service: 'Ground', baseCents: 1010, perPoundCents: 95, days: 4 },
  { carrier: 'fedex', service: 'FEDEX_GROUND', baseCents: 990, perPoundCents: 100, days: 4 },
];

/** What EasyPost's tracker statuses say to a member, for the stand-in's tracking details. */
const STATUS_MESSAGES: Record<string, string> = {
  pre_transit: 'Shipping Label Created',
  in_transit: 'Arrived at USPS Regional Facility',
  out_for_delivery: 'Out for Delivery',
  delivered: 'Delivered, In/At Mailbox',
  return_to_sender: 'Return to Sender',
  failure: 'Delivery Attempted - No Access to Delivery Location',
};

const upper = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim().replace(/\s+/g, ' ').toUpperCase() : null);

/** The stand-in's address standardisation: upper case, USPS street suffixes, a US ZIP completed to ZIP+4. */
function standardise(street: unknown): string | null {
  const text = upper(street);
  return text === null
    ? null
    : text
        .replace(/\bSTREET\b/g, 'ST')
        .replace(/\bAVENUE\b/g, 'AVE')
        .replace(/\bROAD\b/g, 'RD');
}

/** A ZIP+4 the stand-in completes a five-digit ZIP with: the same for the same street, so a second check agrees. */
function zip4(zip: string, street: string | null): string {
  const digits = [...(street ?? '')].reduce((sum, c) => (sum * 31 + c.charCodeAt(0)) % 9000, 7) + 1000;
  return `${zip}-${digits}`;
}

/**
 * A stand-in for api.easypost.com on this machine, for tests that drive the real @easypost/api SDK
 * offline (as fake-stripe.ts does for Stripe): address verification (`verify`/`verify_strict`:
 * a street with "Undeliverable" in it is not found, anything else comes back standardised, a US
 * ZIP completed to ZIP+4), shipments with three rates (USPS, UPS, FedEx) and their purchase (a
 * valid tracking number of the rate's carrier, a label PDF served here, a tracker), trackers
 * (created once per tracking code, retrieved). A POST repeated under an Idempotency-Key is
 * answered with the first answer and does nothing again. `failNext` makes the next calls fail
 * (503 as EasyPost down, or an answer too late for the client's timeout) without doing anything.
 * `advance` moves a parcel through the carrier's statuses and answers the signed webhook EasyPost
 * would send (`X-Hmac-Signature`), for the test to deliver (or to lose, for the polling job).
 */
export class FakeEasyPost {
  readonly requests: FakeEasyPostRequest[] = [];
  readonly shipments = new Map<string, FakeShipment>();
  readonly trackers = new Map<string, FakeTracker>();
  readonly webhookSecret: string;
  #answered = new Map<string, Answer>();
  #failures: { count: number; mode: FailureMode; delayMs: number; path: RegExp | null } = { count: 0, mode: 'outage', delayMs: 0, path: null };
  #labels = new Map<string, Uint8Array>();
  #server = createServer((request, response) => void this.#handle(request, response));
  #port = 0;

  constructor(webhookSecret: string = FAKE_EASYPOST_ENV.EASYPOST_WEBHOOK_SECRET) {
    this.webhookSecret = webhookSecret;
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    this.#port = (this.#server.address() as AddressInfo).port;
    return this;
  }

  close(): Promise<void> {
    this.#server.closeAllConnections();
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }

  /** The SDK's base URL for this stand-in (EASYPOST_API_BASE). */
  get baseUrl(): string {
    return `http://127.0.0.1:${this.#port}/v2/`;
  }

  /**
   * The next `count` requests (to paths matching `path`, when given) fail: 'outage' answers 503 at
   * once and 'slow' answers 503 only after `delayMs` (past the client's timeout), neither doing
   * anything; 'lost' does the request (and remembers it under its key) but answers only after
   * `delayMs`, as an answer lost on the way.
   */
  failNext(count: number, options: { mode?: FailureMode; delayMs?: number; path?: RegExp } = {}): void {
    this.#failures = { count, mode: options.mode ?? 'outage', delayMs: options.delayMs ?? 0, path: options.path ?? null };
  }

  /** Requests EasyPost actually did (answered or lost, not failed nor replayed). */
  done(method: string, path: string | RegExp): FakeEasyPostRequest[] {
    return this.requests.filter(
      (r) =>
        r.method === method && (r.outcome === 'done' || r.outcome === 'lost') && (typeof path === 'string' ? r.path === path : path.test(r.path)),
    );
  }

  /** Labels bought (purchases EasyPost did). */
  purchases(): FakeEasyPostRequest[] {
    return this.done('POST', /^\/v2\/shipments\/[^/]+\/buy$/);
  }

  trackerByCode(trackingCode: string): FakeTracker | undefined {
    return [...this.trackers.values()].find((t) => t.tracking_code === trackingCode);
  }

  /**
   * The carrier scans the parcel: its tracker moves to `status` (a detail appended at `at`, in
   * `zip` when given: a delivery elsewhere than the ship-to), and the answer is the webhook EasyPost
   * would POST: the `tracker.updated` Event, its raw body and its signed headers.
   */
  advance(
    trackingCode: string,
    status: string,
    options: { at?: Date; zip?: string; city?: string } = {},
  ): { event: Record<string, unknown>; body: string; headers: Record<string, string> } {
    const tracker = this.trackerByCode(trackingCode);
    if (!tracker) throw new Error(`no fake tracker for ${trackingCode}`);
    const previous = tracker.status;
    const at = (options.at ?? new Date()).toISOString();
    tracker.tracking_details.push({
      object: 'TrackingDetail',
      message: STATUS_MESSAGES[status] ?? status,
      description: '',
      status,
      status_detail: 'status_update',
      datetime: at,
      source: tracker.carrier,
      tracking_location: { object: 'TrackingLocation', city: options.city ?? 'SAN FRANCISCO', state: 'CA', country: 'US', zip: options.zip ?? null },
    });
    tracker.status = status;
    tracker.updated_at = at;
    if (options.zip) tracker.carrier_detail.destination_location = options.zip;
    const event = {
      id: `evt_${randomBytes(16).toString('hex')}`,
      object: 'Event',
      mode: 'test',
      description: 'tracker.updated',
      previous_attributes: { status: previous },
      result: structuredClone(tracker),
      status: 'pending',
      pending_urls: [],
      completed_urls: [],
      created_at: at,
      updated_at: at,
    };
    const body = JSON.stringify(event);
    return { event, body, headers: { 'content-type': 'application/json', 'x-hmac-signature': this.sign(body) } };
  }

  /** EasyPost's webhook signature of a raw body: HMAC-SHA256 of it under the (NFKD-normalised) secret, hex. */
  sign(body: string, secret: string = this.webhookSecret): string {
    return `hmac-sha256-hex=${createHmac('sha256', Buffer.from(secret.normalize('NFKD'), 'utf8'))
      .update(body, 'utf8')
      .digest('hex')}`;
  }

  async #handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const method = request.method ?? 'GET';
    const path = (request.url ?? '/').split('?')[0]!;
    const text = Buffer.concat(chunks).toString('utf8');
    let body: Record<string, unknown> = {};
    try {
      body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      body = {};
    }
    const header = request.headers['idempotency-key'];
    const idempotencyKey = typeof header === 'string' ? header : null;
    const seen: FakeEasyPostRequest = { method, path, idempotencyKey, body, outcome: 'done' };
    this.requests.push(seen);

    const failing = this.#failures.count > 0 && (!this.#failures.path || this.#failures.path.test(path));
    let answer: Answer;
    if (path.startsWith('/labels/')) {
      answer = this.#label(path);
    } else if (!/^Basic /.test(request.headers.authorization ?? '')) {
      answer = easypostError(401, 'APIKEY.REQUIRED', 'No API key provided.');
    } else if (failing && this.#failures.mode !== 'lost') {
      this.#failures.count -= 1;
      seen.outcome = 'failed';
      if (this.#failures.mode === 'slow') await delay(this.#failures.delayMs);
      answer = easypostError(503, 'SERVICE.UNAVAILABLE', 'EasyPost is down (fake)');
    } else if (idempotencyKey && method === 'POST' && this.#answered.has(`${path} ${idempotencyKey}`)) {
      seen.outcome = 'replayed';
      answer = this.#answered.get(`${path} ${idempotencyKey}`)!;
    } else {
      answer = await this.#route(method, path, body);
      if (idempotencyKey && method === 'POST') this.#answered.set(`${path} ${idempotencyKey}`, answer);
      if (failing) {
        this.#failures.count -= 1;
        seen.outcome = 'lost';
        await delay(this.#failures.delayMs);
      }
    }
    if (response.destroyed) return;
    response.statusCode = answer.status;
    if (answer.bytes) {
      response.setHeader('content-type', answer.bytes.contentType);
      response.end(Buffer.from(answer.bytes.data));
      return;
    }
    response.setHeader('content-type', 'application/json');
    response.setHeader('x-ep-request-uuid', randomBytes(8).toString('hex'));
    response.end(JSON.stringify(answer.body));
  }

  async #route(method: string, path: string, body: Record<string, unknown>): Promise<Answer> {
    if (method === 'POST' && path === '/v2/addresses') return this.#verifyAddress(body);
    if (method === 'POST' && path === '/v2/shipments') return this.#createShipment(body);
    const buy = /^\/v2\/shipments\/([^/]+)\/buy$/.exec(path);
    if (method === 'POST' && buy) return this.#buy(buy[1]!, body);
    const shipment = /^\/v2\/shipments\/([^/]+)$/.exec(path);
    if (method === 'GET' && shipment) {
      // EasyPost finds a shipment by its id or by the reference it was created with.
      const found = this.shipments.get(shipment[1]!) ?? [...this.shipments.values()].find((s) => s.reference === shipment[1]);
      return found ? { status: 200, body: found } : easypostError(404, 'NOT_FOUND', 'The requested resource could not be found.');
    }
    if (method === 'POST' && path === '/v2/trackers') return this.#createTracker(body);
    const tracker = /^\/v2\/trackers\/([^/]+)$/.exec(path);
    if (method === 'GET' && tracker) {
      const found = this.trackers.get(tracker[1]!);
      return found ? { status: 200, body: found } : easypostError(404, 'NOT_FOUND', 'The requested resource could not be found.');
    }
    return easypostError(404, 'NOT_FOUND', `Unrecognized request (${method} ${path}) (fake)`);
  }

  #verifyAddress(body: Record<string, unknown>): Answer {
    const typed = (body.address ?? {}) as Record<string, unknown>;
    const street1 = standardise(typed.street1);
    const country = upper(typed.country) ?? 'US';
    const rawZip = typeof typed.zip === 'string' ? typed.zip.trim().toUpperCase() : '';
    const notFound = /undeliverable/i.test(String(typed.street1 ?? '')) || /^0+$/.test(rawZip.replace(/\W/g, ''));
    const errors = notFound
      ? [
          { code: 'E.ADDRESS.NOT_FOUND', field: 'address', message: 'Address not found', suggestion: null },
          { code: 'E.HOUSE_NUMBER.INVALID', field: 'street1', message: 'House number is invalid', suggestion: null },
        ]
      : [];
    if (notFound && body.verify_strict) return easypostError(422, 'ADDRESS.VERIFY.FAILURE', 'Unable to verify address.', errors);
    const address: FakeEasyPostAddress = {
      id: `adr_${randomBytes(16).toString('hex')}`,
      object: 'Address',
      name: upper(typed.name),
      street1,
      street2: standardise(typed.street2),
      city: upper(typed.city),
      state: upper(typed.state),
      zip: !notFound && country === 'US' && /^\d{5}$/.test(rawZip) ? zip4(rawZip, street1) : rawZip,
      country,
      verifications: body.verify || body.verify_strict ? { delivery: { success: !notFound, errors, details: {} } } : {},
    };
    return { status: 200, body: address };
  }

  #createShipment(body: Record<string, unknown>): Answer {
    const input = (body.shipment ?? {}) as Record<string, unknown>;
    const parcel = (input.parcel ?? {}) as Record<string, unknown>;
    const weightOz = Number(parcel.weight);
    if (!input.to_address || !input.from_address) return easypostError(422, 'SHIPMENT.INVALID_PARAMS', 'Missing to_address or from_address.');
    if (!Number.isFinite(weightOz) || weightOz <= 0) return easypostError(422, 'PARCEL.WEIGHT.INVALID', 'Parcel weight must be greater than zero.');
    const id = `shp_${randomBytes(16).toString('hex')}`;
    const pounds = Math.ceil(weightOz / 16);
    const rates = RATE_TABLE.map((r) => ({
      id: `rate_${randomBytes(16).toString('hex')}`,
      object: 'Rate' as const,
      carrier: EASYPOST_CARRIER[r.carrier],
      service: r.service,
      rate: ((r.baseCents + r.perPoundCents * pounds) / 100).toFixed(2),
      currency: 'USD' as const,
      shipment_id: id,
      delivery_days: r.days,
    }));
    const shipment: FakeShipment = {
      id,
      object: 'Shipment',
      mode: 'test',
      reference: typeof input.reference === 'string' ? input.reference : null,
      to_address: { id: `adr_${randomBytes(16).toString('hex')}`, object: 'Address', ...(input.to_address as object) },
      from_address: { id: `adr_${randomBytes(16).toString('hex')}`, object: 'Address', ...(input.from_address as object) },
      parcel: { id: `prcl_${randomBytes(16).toString('hex')}`, object: 'Parcel', ...parcel },
      rates,
      selected_rate: null,
      tracking_code: null,
      postage_label: null,
      tracker: null,
      messages: [],
    };
    this.shipments.set(id, shipment);
    return { status: 200, body: shipment };
  }

  async #buy(shipmentId: string, body: Record<string, unknown>): Promise<Answer> {
    const shipment = this.shipments.get(shipmentId);
    if (!shipment) return easypostError(404, 'NOT_FOUND', 'The requested resource could not be found.');
    if (shipment.postage_label) return easypostError(422, 'SHIPMENT.POSTAGE.EXISTS', 'Postage already exists for this shipment.');
    const rateId = ((body.rate ?? {}) as Record<string, unknown>).id;
    const rate = shipment.rates.find((r) => r.id === rateId);
    if (!rate) return easypostError(422, 'SHIPMENT.RATE.INVALID', 'The rate does not belong to this shipment.');
    const trackingCode = freshTrackingNumber(OUR_CARRIER[rate.carrier]);
    const labelId = `pl_${randomBytes(16).toString('hex')}`;
    const labelUrl = `http://127.0.0.1:${this.#port}/labels/${labelId}.pdf`;
    this.#labels.set(labelId, await labelPdf(trackingCode, rate, shipment));
    shipment.selected_rate = rate;
    shipment.tracking_code = trackingCode;
    shipment.postage_label = {
      id: labelId,
      object: 'PostageLabel',
      label_url: labelUrl,
      label_pdf_url: labelUrl,
      label_file_type: 'application/pdf',
    };
    shipment.tracker = this.#tracker(trackingCode, rate.carrier, shipment.id, String(shipment.to_address.zip ?? ''));
    return { status: 200, body: shipment };
  }

  #createTracker(body: Record<string, unknown>): Answer {
    const input = (body.tracker ?? {}) as Record<string, unknown>;
    if (typeof input.tracking_code !== 'string' || !input.tracking_code)
      return easypostError(422, 'TRACKER.TRACKING_CODE.INVALID', 'tracking_code is required.');
    const carrier = typeof input.carrier === 'string' ? input.carrier : 'USPS';
    // EasyPost answers an existing tracker for the same code and carrier rather than a second one.
    return { status: 200, body: this.trackerByCode(input.tracking_code) ?? this.#tracker(input.tracking_code, carrier, null, null) };
  }

  #tracker(trackingCode: string, carrier: string, shipmentId: string | null, destinationZip: string | null): FakeTracker {
    const now = new Date().toISOString();
    const tracker: FakeTracker = {
      id: `trk_${randomBytes(16).toString('hex')}`,
      object: 'Tracker',
      mode: 'test',
      tracking_code: trackingCode,
      status: 'pre_transit',
      status_detail: 'label_created',
      carrier,
      shipment_id: shipmentId,
      public_url: `https://track.easypost.com/${randomBytes(12).toString('hex')}`,
      tracking_details: [],
      carrier_detail: { object: 'CarrierDetail', destination_location: destinationZip },
      created_at: now,
      updated_at: now,
    };
    this.trackers.set(tracker.id, tracker);
    return tracker;
  }

  #label(path: string): Answer {
    const id = /^\/labels\/([^/]+)\.pdf$/.exec(path)?.[1];
    const data = id ? this.#labels.get(id) : undefined;
    return data
      ? { status: 200, body: null, bytes: { contentType: 'application/pdf', data } }
      : { status: 404, body: { error: { code: 'NOT_FOUND', message: 'No such label' } } };
  }
}

/** A 4x6 label PDF naming the carrier, its service and the tracking number, as a carrier's label would. */
async function labelPdf(trackingCode: string, rate: FakeRate, shipment: FakeShipment): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([288, 432]);
  const lines = [
    `${rate.carrier} ${rate.service}`,
    `SHIP TO: ${String(shipment.to_address.name ?? '')}`,
    String(shipment.to_address.street1 ?? ''),
    `${String(shipment.to_address.city ?? '')} ${String(shipment.to_address.zip ?? '')}`,
    `TRACKING # ${trackingCode}`,
  ];
  lines.forEach((line, i) => page.drawText(line, { x: 18, y: 400 - i * 22, size: 12, font }));
  return pdf.save();
}

/**
 * A stand-in EasyPost for the file's test app (made with FAKE_EASYPOST_ENV): started before the
 * tests, the app's shipping provider the real EasyPost provider (through the SDK) pointed at it
 * with a short timeout, closed after. Register it after useTestApp.
 */
export function useFakeEasyPost(testApp: () => TestApp, { timeoutMs = 2_000 }: { timeoutMs?: number } = {}): () => FakeEasyPost {
  let fake: FakeEasyPost | undefined;
  beforeAll(async () => {
    const started = await new FakeEasyPost().start();
    fake = started;
    const provider = new EasyPostShippingProvider({
      apiKey: FAKE_EASYPOST_ENV.EASYPOST_API_KEY,
      webhookSecret: FAKE_EASYPOST_ENV.EASYPOST_WEBHOOK_SECRET,
      baseUrl: started.baseUrl,
      timeoutMs,
    });
    replaceShippingProvider(testApp().ctx.env, () => provider);
  });
  afterAll(async () => {
    replaceShippingProvider(testApp().ctx.env, null);
    await fake?.close();
  });
  return () => {
    if (!fake) throw new Error('fake EasyPost not started');
    return fake;
  };
}
