-- Issue #40: failed inspections and refunds a member can follow. Each captured protection hold is
-- kept with why it was captured (a missed ship deadline, a lost dispute, a pair that failed
-- authentication), so the wallet names the reason; the member whose pair failed may appeal the
-- capture within 7 days, one appeal per capture, and an admin reverses it (the hold goes back to
-- them; it is taken back from the other member's balance, at most what it holds, and the platform
-- pays the rest) or upholds it. The ledger records a reversal.
CREATE TABLE "hold_captures" (
	"authorization_id" integer PRIMARY KEY NOT NULL REFERENCES "cash_authorizations"("id"),
	"trade_id" integer NOT NULL REFERENCES "trades"("id"),
	"payer_id" uuid NOT NULL REFERENCES "users"("id"),
	"payee_id" uuid NOT NULL REFERENCES "users"("id"),
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"captured_at" timestamp with time zone NOT NULL,
	CONSTRAINT "hold_captures_reason_check" CHECK ("reason" in ('missed_ship_deadline', 'lost_dispute', 'failed_authentication')),
	CONSTRAINT "hold_captures_amount_check" CHECK ("amount_cents" > 0)
);--> statement-breakpoint
CREATE INDEX "hold_captures_trade_idx" ON "hold_captures" ("trade_id");--> statement-breakpoint
CREATE TABLE "hold_appeals" (
	"id" serial PRIMARY KEY NOT NULL,
	"authorization_id" integer NOT NULL REFERENCES "hold_captures"("authorization_id"),
	"trade_id" integer NOT NULL REFERENCES "trades"("id"),
	"reason" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"ruled_by_id" uuid REFERENCES "users"("id"),
	"ruling" text,
	"ruled_at" timestamp with time zone,
	"taken_back_cents" integer DEFAULT 0 NOT NULL,
	"platform_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hold_appeals_one_per_capture" UNIQUE("authorization_id"),
	CONSTRAINT "hold_appeals_status_check" CHECK ("status" in ('open', 'reversed', 'upheld')),
	CONSTRAINT "hold_appeals_amounts_check" CHECK ("taken_back_cents" >= 0 AND "platform_cents" >= 0)
);--> statement-breakpoint
CREATE INDEX "hold_appeals_open_idx" ON "hold_appeals" ("id") WHERE "status" = 'open';--> statement-breakpoint
CREATE INDEX "hold_appeals_trade_idx" ON "hold_appeals" ("trade_id");--> statement-breakpoint
ALTER TABLE "wallet_entries" DROP CONSTRAINT "wallet_entries_kind_check";--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_kind_check" CHECK ("kind" in ('trade_cash_credit', 'protection_hold_credit', 'payout', 'payout_reversal', 'trade_cash_debit', 'trade_cash_return', 'protection_hold_refund', 'protection_hold_reversal'));--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_entries_one_hold_reversal_per_authorization" ON "wallet_entries" ("authorization_id", "kind") WHERE "kind" in ('protection_hold_refund', 'protection_hold_reversal');--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_event_check";--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_event_check" CHECK ("event" in ('lock', 'ship', 'receive', 'release', 'refund', 'dispute', 'cash_authorize', 'cash_capture', 'cash_release', 'hold_authorize', 'hold_capture', 'hold_release', 'inspect', 'hold_reverse'));
