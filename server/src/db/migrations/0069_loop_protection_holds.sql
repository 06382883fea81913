-- Issue #40: loops take protection holds like trades (docs/rules/money.md#protection-holds). A
-- leg's giver owes the hold the one rule gives for the pairs of that leg, fixed when the loop is
-- proposed (loop_legs.hold_cents, as trades keep theirs on the proposal); it is authorized on the
-- member's card at their acceptance and settled with the loop. A money row belongs to a trade or to
-- a loop, never both: cash_authorizations, hold_captures and wallet_entries gain loop_id.
ALTER TABLE "loop_legs" ADD COLUMN "hold_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loop_legs" ADD CONSTRAINT "loop_legs_hold_check" CHECK ("loop_legs"."hold_cents" >= 0);--> statement-breakpoint
ALTER TABLE "cash_authorizations" ALTER COLUMN "trade_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "cash_authorizations" ADD COLUMN "loop_id" integer;--> statement-breakpoint
ALTER TABLE "cash_authorizations" ADD CONSTRAINT "cash_authorizations_loop_id_loops_id_fk" FOREIGN KEY ("loop_id") REFERENCES "public"."loops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_authorizations" ADD CONSTRAINT "cash_authorizations_one_subject_check" CHECK (("cash_authorizations"."trade_id" IS NULL) <> ("cash_authorizations"."loop_id" IS NULL));--> statement-breakpoint
CREATE INDEX "cash_authorizations_loop_idx" ON "cash_authorizations" USING btree ("loop_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cash_authorizations_one_open_per_loop" ON "cash_authorizations" USING btree ("loop_id","purpose","payer_id") WHERE "cash_authorizations"."status" in ('requested', 'authorized', 'captured') AND "cash_authorizations"."replaces_id" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "cash_authorizations_one_held_per_loop" ON "cash_authorizations" USING btree ("loop_id","purpose","payer_id") WHERE "cash_authorizations"."status" in ('authorized', 'captured');--> statement-breakpoint
ALTER TABLE "hold_captures" ALTER COLUMN "trade_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "hold_captures" ADD COLUMN "loop_id" integer;--> statement-breakpoint
ALTER TABLE "hold_captures" ADD CONSTRAINT "hold_captures_loop_id_loops_id_fk" FOREIGN KEY ("loop_id") REFERENCES "public"."loops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hold_captures" ADD CONSTRAINT "hold_captures_one_subject_check" CHECK (("hold_captures"."trade_id" IS NULL) <> ("hold_captures"."loop_id" IS NULL));--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD COLUMN "loop_id" integer;
