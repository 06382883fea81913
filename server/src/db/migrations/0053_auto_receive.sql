-- Issue #30: received means received. When a side ships, the other side's receive-by is set
-- (shipping time + SHIPPING_TRANSIT_DAYS + AUTO_RECEIVE_AFTER_DAYS): a receipt not confirmed by
-- then is confirmed by the deadline sweep, unless a dispute is open. Loop legs keep the same
-- deadline. Parcels already on their way get the defaults (7 + 3 days after shipping).
ALTER TABLE "trades" ADD COLUMN "proposer_receive_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "receiver_receive_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "loop_legs" ADD COLUMN "receive_by" timestamp with time zone;--> statement-breakpoint
UPDATE "trades" SET "proposer_receive_by" = "receiver_shipped_at" + interval '10 days'
  WHERE "status" = 'accepted' AND "receiver_shipped_at" IS NOT NULL AND "proposer_received_at" IS NULL;--> statement-breakpoint
UPDATE "trades" SET "receiver_receive_by" = "proposer_shipped_at" + interval '10 days'
  WHERE "status" = 'accepted' AND "proposer_shipped_at" IS NOT NULL AND "receiver_received_at" IS NULL;--> statement-breakpoint
UPDATE "loop_legs" SET "receive_by" = "shipped_at" + interval '10 days'
  WHERE "shipped_at" IS NOT NULL AND "received_at" IS NULL
    AND "loop_id" IN (SELECT "id" FROM "loops" WHERE "status" = 'active');--> statement-breakpoint
CREATE INDEX "trades_accepted_proposer_receive_by_idx" ON "trades" ("proposer_receive_by")
  WHERE "status" = 'accepted' AND "proposer_received_at" IS NULL;--> statement-breakpoint
CREATE INDEX "trades_accepted_receiver_receive_by_idx" ON "trades" ("receiver_receive_by")
  WHERE "status" = 'accepted' AND "receiver_received_at" IS NULL;--> statement-breakpoint
CREATE INDEX "loop_legs_receive_by_idx" ON "loop_legs" ("receive_by") WHERE "received_at" IS NULL;
