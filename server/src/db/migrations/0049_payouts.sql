-- Issue #29: withdrawals from the wallet (payouts), cash in a trade paid from the wallet balance,
-- and re-authorizations of card holds that would lapse (docs/decisions/010). Runs after 0048: the
-- one-open and one-held indexes keep its (trade, purpose, payer) slots, so cash and each side's
-- protection hold are held once each.
CREATE TABLE "payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"provider" text NOT NULL,
	"destination" text,
	"provider_ref" text,
	"failure_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_status_check" CHECK ("status" in ('requested', 'paid', 'failed')),
	CONSTRAINT "payouts_amount_check" CHECK ("amount_cents" > 0)
);--> statement-breakpoint
CREATE INDEX "payouts_user_idx" ON "payouts" ("user_id","id");--> statement-breakpoint
CREATE INDEX "payouts_requested_idx" ON "payouts" ("id") WHERE "status" = 'requested';--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "payout_account_id" text;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD COLUMN "payout_id" integer;--> statement-breakpoint
ALTER TABLE "wallet_entries" DROP CONSTRAINT "wallet_entries_kind_check";--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_kind_check" CHECK ("kind" in ('trade_cash_credit', 'protection_hold_credit', 'payout', 'payout_reversal', 'trade_cash_debit', 'trade_cash_return'));--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_entries_one_per_payout_kind" ON "wallet_entries" ("payout_id","kind") WHERE "payout_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_entries_one_hold_move_per_authorization" ON "wallet_entries" ("authorization_id","kind") WHERE "kind" in ('trade_cash_debit', 'trade_cash_return');--> statement-breakpoint
ALTER TABLE "cash_authorizations" ADD COLUMN "replaces_id" integer REFERENCES "cash_authorizations"("id");--> statement-breakpoint
ALTER TABLE "cash_authorizations" ADD COLUMN "payment_method" text;--> statement-breakpoint
DROP INDEX "cash_authorizations_one_open_per_trade";--> statement-breakpoint
CREATE UNIQUE INDEX "cash_authorizations_one_open_per_trade" ON "cash_authorizations" ("trade_id", "purpose", "payer_id") WHERE "status" in ('requested', 'authorized', 'captured') AND "replaces_id" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "cash_authorizations_one_held_per_trade" ON "cash_authorizations" ("trade_id", "purpose", "payer_id") WHERE "status" in ('authorized', 'captured');--> statement-breakpoint
CREATE UNIQUE INDEX "cash_authorizations_one_replacement" ON "cash_authorizations" ("replaces_id");--> statement-breakpoint
CREATE INDEX "cash_authorizations_authorized_idx" ON "cash_authorizations" ("updated_at") WHERE "status" = 'authorized';
