-- Issue #29: cash on either side of a trade (never both), the card authorization that holds it
-- from acceptance to completion, and the ledger events of cash movements.
ALTER TABLE "trades" ADD COLUMN "proposer_cash_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "receiver_cash_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "cash_payment_method" text;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_cash_one_side_check" CHECK ("proposer_cash_cents" >= 0 AND "receiver_cash_cents" >= 0 AND ("proposer_cash_cents" = 0 OR "receiver_cash_cents" = 0));--> statement-breakpoint
CREATE TABLE "cash_authorizations" (
	"id" serial PRIMARY KEY NOT NULL,
	"trade_id" integer NOT NULL REFERENCES "trades"("id"),
	"payer_id" uuid NOT NULL REFERENCES "users"("id"),
	"payee_id" uuid NOT NULL REFERENCES "users"("id"),
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"failure_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_authorizations_status_check" CHECK ("status" in ('requested', 'authorized', 'declined', 'captured', 'released', 'expired')),
	CONSTRAINT "cash_authorizations_amount_check" CHECK ("amount_cents" > 0)
);--> statement-breakpoint
CREATE INDEX "cash_authorizations_trade_idx" ON "cash_authorizations" ("trade_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cash_authorizations_one_open_per_trade" ON "cash_authorizations" ("trade_id") WHERE "status" in ('requested', 'authorized', 'captured');--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_event_check";--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_event_check" CHECK ("event" in ('lock', 'ship', 'receive', 'release', 'refund', 'dispute', 'cash_authorize', 'cash_capture', 'cash_release'));
