-- Issue #43: shipping labels and the carrier's word. shipping_labels holds one live label per parcel
-- leg (a trade side, a loop leg, the centre's forward or return parcel), named as parcel_claims name
-- it (route, leg key), or a typed number that gets a tracker (source 'typed'). A row is written as
-- an intent (purchase 'pending') under its idempotency key before the provider is called, outside
-- any transaction, and completed with the provider's answer ('bought'); a refused purchase is
-- 'failed' and leaves the leg free for another. carrier_events holds each carrier event once, by
-- the provider's event id (a replay is refused by the unique index).
CREATE TABLE "shipping_labels" (
	"id" serial PRIMARY KEY NOT NULL,
	"route" text NOT NULL,
	"leg_key" text NOT NULL,
	"sender_id" uuid NOT NULL REFERENCES "users"("id"),
	"source" text DEFAULT 'label' NOT NULL,
	"purchase" text DEFAULT 'pending' NOT NULL,
	"provider" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"preset" text,
	"carrier" text,
	"service" text,
	"tracking_number" text,
	"provider_shipment_id" text,
	"provider_tracker_id" text,
	"rate_cents" integer DEFAULT 0 NOT NULL,
	"payer" text DEFAULT 'platform' NOT NULL,
	"label_pdf" bytea,
	"status" text DEFAULT 'pre_transit' NOT NULL,
	"destination_postal_code" text,
	"carrier_postal_code" text,
	"failure_message" text,
	"first_scan_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_labels_route_check" CHECK ("shipping_labels"."route" in ('trade', 'loop', 'centre', 'return')),
	CONSTRAINT "shipping_labels_source_check" CHECK ("shipping_labels"."source" in ('label', 'typed')),
	CONSTRAINT "shipping_labels_purchase_check" CHECK ("shipping_labels"."purchase" in ('pending', 'bought', 'failed')),
	CONSTRAINT "shipping_labels_payer_check" CHECK ("shipping_labels"."payer" in ('platform', 'sender')),
	CONSTRAINT "shipping_labels_status_check" CHECK ("shipping_labels"."status" in ('pre_transit', 'in_transit', 'out_for_delivery', 'delivered', 'return_to_sender', 'failure', 'unknown')),
	CONSTRAINT "shipping_labels_carrier_check" CHECK ("shipping_labels"."carrier" in ('ups', 'usps', 'fedex'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_labels_live_leg_key" ON "shipping_labels" ("route", "leg_key") WHERE "purchase" <> 'failed';--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_labels_idempotency_key" ON "shipping_labels" ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_labels_tracking_number_key" ON "shipping_labels" ("tracking_number");--> statement-breakpoint
CREATE INDEX "shipping_labels_tracker_idx" ON "shipping_labels" ("provider_tracker_id");--> statement-breakpoint
CREATE INDEX "shipping_labels_open_idx" ON "shipping_labels" ("checked_at") WHERE "purchase" = 'bought' and "status" not in ('delivered', 'return_to_sender', 'failure');--> statement-breakpoint
CREATE INDEX "shipping_labels_sender_idx" ON "shipping_labels" ("sender_id");--> statement-breakpoint
CREATE TABLE "carrier_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider_event_id" text NOT NULL,
	"label_id" integer NOT NULL REFERENCES "shipping_labels"("id"),
	"status" text NOT NULL,
	"message" text NOT NULL,
	"location" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carrier_events_status_check" CHECK ("carrier_events"."status" in ('pre_transit', 'in_transit', 'out_for_delivery', 'delivered', 'return_to_sender', 'failure', 'unknown'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "carrier_events_provider_event_key" ON "carrier_events" ("provider_event_id");--> statement-breakpoint
CREATE INDEX "carrier_events_label_idx" ON "carrier_events" ("label_id", "occurred_at");
