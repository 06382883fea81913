-- Issue #42: the transition that ends a trade records how it ended (its cause) and the members at
-- fault, so money (protection holds, hold captures) reads the ending instead of re-deriving it from
-- which *_cancel_requested_at / *_shipped_at columns are null. Existing closed trades are backfilled
-- here from that old derivation (server/src/modules/trades/protection-holds.ts before 0074).
ALTER TABLE "trades" ADD COLUMN "ended_cause" text;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "ended_at_fault_ids" uuid[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
UPDATE "trades" SET "ended_cause" = CASE
    WHEN "status" = 'completed' AND "disputed_at" IS NOT NULL THEN 'dispute_completed'
    WHEN "status" = 'completed' THEN 'completed'
    WHEN "status" IN ('rejected', 'countered', 'expired') THEN "status"::text
    WHEN "status" = 'cancelled' AND "accepted_at" IS NULL THEN 'withdrawn'
    WHEN "status" = 'cancelled' AND "failed_inspection_member_id" IS NOT NULL THEN 'failed_inspection'
    WHEN "status" = 'cancelled' AND "disputed_at" IS NOT NULL THEN 'dispute_refunded'
    WHEN "status" = 'cancelled' AND "proposer_cancel_requested_at" IS NOT NULL AND "receiver_cancel_requested_at" IS NOT NULL THEN 'mutual_cancel'
    WHEN "status" = 'cancelled' THEN 'ship_deadline'
  END
  WHERE "status" IN ('completed', 'rejected', 'countered', 'expired', 'cancelled');--> statement-breakpoint
UPDATE "trades" SET "ended_at_fault_ids" = CASE
    WHEN "ended_cause" = 'failed_inspection' THEN ARRAY["failed_inspection_member_id"]
    WHEN "ended_cause" = 'dispute_refunded' AND "disputed_by_id" = "proposer_id" THEN ARRAY["receiver_id"]
    WHEN "ended_cause" = 'dispute_refunded' AND "disputed_by_id" = "receiver_id" THEN ARRAY["proposer_id"]
    WHEN "ended_cause" = 'ship_deadline' THEN array_remove(ARRAY[
      CASE WHEN "proposer_shipped_at" IS NULL THEN "proposer_id" END,
      CASE WHEN "receiver_shipped_at" IS NULL THEN "receiver_id" END
    ], NULL)
    ELSE '{}'::uuid[]
  END
  WHERE "ended_cause" IN ('failed_inspection', 'dispute_refunded', 'ship_deadline');--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_ended_cause_check" CHECK ("ended_cause" IN ('completed', 'dispute_completed', 'dispute_refunded', 'ship_deadline', 'failed_inspection', 'mutual_cancel', 'withdrawn', 'rejected', 'countered', 'expired'));
