import { sql } from 'drizzle-orm';
import { check, customType, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CARRIER_STATUSES, CARRIERS, LABEL_PAYERS, type CarrierStatus, type LabelPayer } from '@soleswap/contracts/shipping';
import type { Carrier } from '@soleswap/contracts/tracking-numbers';
import { isOneOf } from './columns';
import { PARCEL_ROUTES, type ParcelRoute } from './parcels';
import { users } from './users';

/** A PDF's bytes (Postgres bytea). */
const bytes = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => new Uint8Array(value),
});

/**
 * How a label row came to be: `label` a label bought through the provider; `typed` a number the
 * member typed themselves (SHIPPING_MANUAL_NUMBERS), which gets a tracker but no label.
 */
export const LABEL_SOURCES = ['label', 'typed'] as const;
export type LabelSource = (typeof LABEL_SOURCES)[number];

/**
 * Where the provider step stands: `pending` the intent is recorded and the provider is being asked
 * (or was, and the answer is not applied yet: the same idempotency key asks again); `bought` the
 * answer is applied; `failed` the provider refused, and the leg may buy again.
 */
export const LABEL_PURCHASES = ['pending', 'bought', 'failed'] as const;
export type LabelPurchase = (typeof LABEL_PURCHASES)[number];

/**
 * A label (or a tracked typed number) per parcel leg (migration 0082, docs/rules/shipping.md). The
 * leg is named as parcel claims name it: its route and the route's key (`<trade id>:<side>`, a loop
 * leg's id, an inspection's id). One live row per leg; a failed purchase leaves room for another.
 */
export const shippingLabels = pgTable(
  'shipping_labels',
  {
    id: serial('id').primaryKey(),
    route: text('route').$type<ParcelRoute>().notNull(),
    legKey: text('leg_key').notNull(),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id),
    source: text('source').$type<LabelSource>().notNull().default('label'),
    purchase: text('purchase').$type<LabelPurchase>().notNull().default('pending'),
    /** sandbox | easypost */
    provider: text('provider').notNull(),
    /** The key the provider call is made under; a retry with it answers the same label. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** What was asked for: a parcel preset (contracts/shipping PARCEL_PRESETS); null for a typed number. */
    preset: text('preset'),
    carrier: text('carrier').$type<Carrier>(),
    service: text('service'),
    /** Normalised (capitals, no spaces or dashes). */
    trackingNumber: text('tracking_number'),
    providerShipmentId: text('provider_shipment_id'),
    providerTrackerId: text('provider_tracker_id'),
    rateCents: integer('rate_cents').notNull().default(0),
    payer: text('payer').$type<LabelPayer>().notNull().default('platform'),
    /** The label as bought (PDF); null for a typed number or before the purchase is applied. */
    labelPdf: bytes('label_pdf'),
    /** The carrier's latest status (contracts/shipping CARRIER_STATUSES). */
    status: text('status').$type<CarrierStatus>().notNull().default('pre_transit'),
    /** The ship-to's postal code when the label was bought (the leg's destination). */
    destinationPostalCode: text('destination_postal_code'),
    /** The postal code the carrier reports delivering to, when it says; compared with the destination. */
    carrierPostalCode: text('carrier_postal_code'),
    failureMessage: text('failure_message'),
    firstScanAt: timestamp('first_scan_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** When the polling job last asked the provider about the tracker. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shipping_labels_live_leg_key')
      .on(t.route, t.legKey)
      .where(sql`${t.purchase} <> 'failed'`),
    uniqueIndex('shipping_labels_idempotency_key').on(t.idempotencyKey),
    uniqueIndex('shipping_labels_tracking_number_key').on(t.trackingNumber),
    index('shipping_labels_tracker_idx').on(t.providerTrackerId),
    index('shipping_labels_open_idx')
      .on(t.checkedAt)
      .where(sql`${t.purchase} = 'bought' and ${t.status} not in ('delivered', 'return_to_sender', 'failure')`),
    index('shipping_labels_sender_idx').on(t.senderId),
    check('shipping_labels_route_check', isOneOf(t.route, PARCEL_ROUTES)),
    check('shipping_labels_source_check', isOneOf(t.source, LABEL_SOURCES)),
    check('shipping_labels_purchase_check', isOneOf(t.purchase, LABEL_PURCHASES)),
    check('shipping_labels_payer_check', isOneOf(t.payer, LABEL_PAYERS)),
    check('shipping_labels_status_check', isOneOf(t.status, CARRIER_STATUSES)),
    check('shipping_labels_carrier_check', isOneOf(t.carrier, CARRIERS)),
  ],
);

/**
 * What the carrier said about a label, once per provider event (a webhook delivery, a poll, the
 * sandbox's development control): a replayed event id is refused by the unique index.
 */
export const carrierEvents = pgTable(
  'carrier_events',
  {
    id: serial('id').primaryKey(),
    providerEventId: text('provider_event_id').notNull(),
    labelId: integer('label_id')
      .notNull()
      .references(() => shippingLabels.id),
    status: text('status').$type<CarrierStatus>().notNull(),
    message: text('message').notNull(),
    location: text('location'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('carrier_events_provider_event_key').on(t.providerEventId),
    index('carrier_events_label_idx').on(t.labelId, t.occurredAt),
    check('carrier_events_status_check', isOneOf(t.status, CARRIER_STATUSES)),
  ],
);
