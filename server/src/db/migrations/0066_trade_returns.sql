-- Issue #40: after a refund ruling, return instructions and the ruling's note. An admin's ruling on
-- a dispute is kept with its note (trade_rulings), which both members read. After a refund ('cancelled')
-- of a direct trade whose parcels had moved, each pair that was shipped goes back to its owner: one
-- trade_returns row per pair, sent by the member holding it to the owner's ship-to for the trade,
-- with a deadline, a tracking number and the owner's receipt. A return's tracking number is a parcel
-- like any other: parcel_claims accepts the route 'return' (its leg is the return's id).
CREATE TABLE "trade_rulings" (
	"trade_id" integer PRIMARY KEY NOT NULL REFERENCES "trades"("id") ON DELETE cascade,
	"outcome" text NOT NULL,
	"note" text,
	"ruled_by_id" uuid REFERENCES "users"("id") ON DELETE set null,
	"ruled_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE TABLE "trade_returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"trade_id" integer NOT NULL REFERENCES "trades"("id") ON DELETE cascade,
	"owner_side" text NOT NULL,
	"owner_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"sender_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"sneaker_ids" integer[] NOT NULL,
	"status" text DEFAULT 'awaiting_return' NOT NULL,
	"return_by" timestamp with time zone NOT NULL,
	"tracking_number" text,
	"carrier" text,
	"shipped_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "trade_returns_one_per_pair" UNIQUE("trade_id","owner_side"),
	CONSTRAINT "trade_returns_status_check" CHECK ("status" in ('awaiting_return', 'returned_shipped', 'returned')),
	CONSTRAINT "trade_returns_side_check" CHECK ("owner_side" in ('proposer', 'receiver'))
);--> statement-breakpoint
CREATE INDEX "trade_returns_sender_idx" ON "trade_returns" ("sender_id");--> statement-breakpoint
CREATE INDEX "trade_returns_owner_idx" ON "trade_returns" ("owner_id");--> statement-breakpoint
CREATE INDEX "trade_returns_awaiting_idx" ON "trade_returns" ("return_by") WHERE "status" = 'awaiting_return';--> statement-breakpoint
ALTER TABLE "parcel_claims" DROP CONSTRAINT "parcel_claims_route_check";--> statement-breakpoint
ALTER TABLE "parcel_claims" ADD CONSTRAINT "parcel_claims_route_check" CHECK ("route" in ('trade', 'loop', 'centre', 'return'));
