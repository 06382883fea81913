-- Issue #30: the authentication-centre route. A trade may go via authentication (both pairs travel
-- through the centre); each pair of such a trade has one inspection row, its own small lifecycle
-- (server/src/modules/inspection/inspection.machine.ts). The ledger gains the 'inspect' event.
ALTER TABLE "trades" ADD COLUMN "via_authentication" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE "inspections" (
	"id" serial PRIMARY KEY NOT NULL,
	"trade_id" integer NOT NULL REFERENCES "trades"("id") ON DELETE cascade,
	"side" text NOT NULL,
	"owner_id" uuid NOT NULL REFERENCES "users"("id"),
	"recipient_id" uuid NOT NULL REFERENCES "users"("id"),
	"sneaker_ids" integer[] NOT NULL,
	"status" text DEFAULT 'awaiting_arrival' NOT NULL,
	"inspector_id" uuid REFERENCES "users"("id"),
	"verdict" text,
	"notes" text,
	"photo_urls" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"received_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"member_decided_at" timestamp with time zone,
	"forwarded_at" timestamp with time zone,
	"forwarded_to" text,
	"forward_tracking_number" text,
	"forward_carrier" text,
	"deadline_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inspections_side_check" CHECK ("side" in ('proposer', 'receiver')),
	CONSTRAINT "inspections_status_check" CHECK ("status" in ('awaiting_arrival', 'received', 'passed', 'failed', 'quality_issue', 'forwarded', 'cancelled')),
	CONSTRAINT "inspections_verdict_check" CHECK ("verdict" in ('passed', 'failed', 'quality_issue')),
	CONSTRAINT "inspections_forwarded_to_check" CHECK ("forwarded_to" in ('recipient', 'owner')),
	CONSTRAINT "inspections_forward_carrier_check" CHECK ("forward_carrier" in ('ups', 'usps', 'fedex'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "inspections_trade_side_idx" ON "inspections" ("trade_id","side");--> statement-breakpoint
CREATE INDEX "inspections_queue_idx" ON "inspections" ("status","id");--> statement-breakpoint
CREATE INDEX "inspections_deadline_idx" ON "inspections" ("deadline_at") WHERE "status" in ('awaiting_arrival', 'quality_issue');--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_event_check";--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_event_check" CHECK ("event" in ('lock', 'ship', 'receive', 'release', 'refund', 'dispute', 'cash_authorize', 'cash_capture', 'cash_release', 'hold_authorize', 'hold_capture', 'hold_release', 'inspect'));
