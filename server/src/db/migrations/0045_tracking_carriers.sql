-- Issue #30: a shipment names its carrier. The tracking number is checked (check digit
-- included) and stored normalised with the carrier it belongs to, so every view can link to
-- the carrier's tracking page. Shipments recorded before keep their free-text number and no
-- carrier (no link).
ALTER TABLE "trades" ADD COLUMN "proposer_carrier" text;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "receiver_carrier" text;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_proposer_carrier_check" CHECK ("proposer_carrier" IN ('ups', 'usps', 'fedex'));--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_receiver_carrier_check" CHECK ("receiver_carrier" IN ('ups', 'usps', 'fedex'));--> statement-breakpoint
ALTER TABLE "loop_legs" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "loop_legs" ADD CONSTRAINT "loop_legs_carrier_check" CHECK ("carrier" IN ('ups', 'usps', 'fedex'));
